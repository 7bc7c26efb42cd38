// Writes each literal route's HTML at build time, so a page paints its
// content before its JavaScript has run (architecture.md "Performance
// budgets"); the browser then hydrates it (src/main.tsx).
//
// Reads the client build (dist/index.html, the template) and the SSR build of
// src/entry-server.tsx (.ssr-build/), and writes, for every path of
// src/app/routes.json:
//   dist/prerendered/<path>.html          (dist/prerendered/index.html for /)
//   dist/prerendered/sandbox/<path>.html  (the same with the sandbox banner)
//   dist/prerendered/_not-found.html      (and its sandbox twin)
// The Go server (server/web/spa.go) answers each route with its own file,
// the sandbox set when its providers are the sandbox's, and index.html for
// the rest; it fills <!--system-info--> with its system.info answer.
//
//   node scripts/prerender.mjs

import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const ssrDir = path.join(root, '.ssr-build');

const { render, routes } = await import(pathToFileURL(path.join(ssrDir, 'entry-server.js')).href);
const productName = 'Keystone Home Equity';

// The client build's manifest is for scripts/bundle-report.mjs, not for
// the browser: keep it beside the SSR build, out of what the server embeds.
try {
  renameSync(path.join(dist, '.vite/manifest.json'), path.join(ssrDir, 'client-manifest.json'));
  rmSync(path.join(dist, '.vite'), { recursive: true, force: true });
} catch (err) {
  if (err.code !== 'ENOENT') throw err;
}

const template = readFileSync(path.join(dist, 'index.html'), 'utf8');
for (const marker of ['<!--app-head-->', '<!--app-html-->', '<!--system-info-->']) {
  if (!template.includes(marker)) throw new Error(`dist/index.html has no ${marker}`);
}

// The Poppins files the first paint uses (body 400, buttons 500, headings
// 600), Latin subset: fetched with the HTML rather than after the CSS.
const fonts = readdirSync(path.join(dist, 'assets')).filter((f) => /^poppins-latin-(400|500|600)-normal-.*\.woff2$/.test(f));
if (fonts.length !== 3) throw new Error(`expected the three Latin Poppins files in dist/assets, found ${fonts.join(', ')}`);
const head = fonts
  .map((f) => `<link rel="preload" href="/assets/${f}" as="font" type="font/woff2" crossorigin>`)
  .join('\n    ');

function escapeHTML(s) {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function page(html, title) {
  return template
    .replace('<!--app-head-->', head)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHTML(title)}</title>`)
    .replace('<!--app-html-->', html);
}

function write(file, body) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, body);
}

const targets = [
  ...routes.map((r) => ({ path: r.path, file: r.path === '/' ? 'index' : r.path.slice(1), title: `${r.title} | ${productName}` })),
  { path: '/_prerender/not-found', file: '_not-found', title: `Page not found | ${productName}` },
];

let written = 0;
const skipped = [];
for (const t of targets) {
  const plain = await render(t.path, { sandbox: false });
  const sandbox = await render(t.path, { sandbox: true });
  if (plain === null || sandbox === null) {
    skipped.push(t.path);
    continue;
  }
  // The CSP runs no inline script: a page that needs one (React's streaming
  // of a boundary) would stay hidden, so the build stops instead.
  const inline = /<script(?![^>]*\bsrc=)(?![^>]*type="application\/json")[^>]*>/.exec(plain + sandbox);
  if (inline) throw new Error(`${t.path}: the prerendered HTML has an inline script (${inline[0]}), which the CSP refuses`);
  write(path.join(dist, 'prerendered', `${t.file}.html`), page(plain, t.title));
  write(path.join(dist, 'prerendered/sandbox', `${t.file}.html`), page(sandbox, t.title));
  written++;
}

// index.html stays the empty shell for addresses with no prerendered page,
// with the same font preloads.
writeFileSync(path.join(dist, 'index.html'), template.replace('<!--app-head-->', head).replace('<!--app-html-->', ''));

console.log(`prerendered ${written} pages (and their sandbox twins) into dist/prerendered`);
if (skipped.length) console.log(`not prerendered (the router redirects): ${skipped.join(', ')}`);
