// The JavaScript a first visit downloads, and what a funnel step change adds,
// gzipped as the server sends it (architecture.md: at most 170 KB for the
// first page a visitor sees; routes split). Read from the Vite manifest of
// the last `npm run build` (kept in .ssr-build/client-manifest.json by
// scripts/prerender.mjs). A report with a budget check (`make perf`).
//
// First page: the entry (index.html), the app it imports after the first
// paint (src/start-app.tsx), and the lazy layout and page modules of the
// route (src/app/router.tsx), each with the chunks it imports statically.
// Step change: a question page module of src/app/routes/funnel-step.tsx,
// less what the funnel's first page and the steps before it loaded.
//
//   node scripts/bundle-report.mjs [budgetKB]

import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'dist');
const manifestPath = [path.join(root, '.ssr-build/client-manifest.json'), path.join(dist, '.vite/manifest.json')].find(existsSync);
if (!manifestPath) throw new Error('no Vite manifest: run `npm run build` first');
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
const budget = Number(process.argv[2] ?? 170) * 1024;

const gz = new Map();
function gzipped(file) {
  if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length);
  return gz.get(file);
}

/** The chunk files of key and of everything it imports statically. */
function closure(keys, seen = new Set()) {
  for (const key of keys) {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the manifest`);
    if (seen.has(chunk.file)) continue;
    seen.add(chunk.file);
    closure(chunk.imports ?? [], seen);
  }
  return seen;
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
const total = (files) => [...files].reduce((n, f) => n + gzipped(f), 0);

const app = ['index.html', 'src/start-app.tsx'];
const funnel = [...app, 'src/features/prequal/components/funnel-layout.tsx', 'src/app/routes/funnel-step.tsx'];
const firstPages = {
  '/ (home)': [...app, 'src/components/layouts/public-layout.tsx', 'src/app/routes/home.tsx'],
  '/start/name': [...funnel, 'src/features/prequal/components/questions/name.tsx'],
  '/app/initial-setup/property-value': [...funnel, 'src/features/prequal/components/questions/property-value.tsx'],
};

let failed = false;
console.log(`First page, gzipped JavaScript (budget ${kb(budget)}):`);
for (const [page, keys] of Object.entries(firstPages)) {
  const files = closure(keys);
  const size = total(files);
  if (size > budget) failed = true;
  const before = total(closure(['index.html']));
  const verdict = size > budget ? 'OVER the budget' : 'within the budget';
  console.log(`  ${page.padEnd(36)} ${kb(size).padStart(9)} in ${files.size} files, ${verdict} (${kb(before)} of it before the first paint)`);
}

// Walking the funnel in the order of funnel-step.tsx's pages (landing,
// initial setup, /prequal, offers), each step fetches what its question
// page needs that no earlier step loaded.
const loaded = closure(funnel);
const slugs = JSON.parse(readFileSync(path.join(root, 'src/app/routes.json'), 'utf8')).routes.map((r) => r.path.split('/').pop());
const rank = (key) => {
  const i = slugs.indexOf(path.basename(key).replace(/\.tsx?$/, ''));
  return i < 0 ? slugs.length : i;
};
const pages = [...(manifest['src/app/routes/funnel-step.tsx'].dynamicImports ?? [])].sort((a, b) => rank(a) - rank(b));
console.log(`\nFunnel step changes, walking the ${pages.length} question pages in order (what each fetches, gzipped):`);
for (const key of pages) {
  const all = closure([key]);
  const fresh = [...all].filter((f) => !loaded.has(f));
  fresh.forEach((f) => loaded.add(f));
  const name = key.replace(/^src\/features\/prequal\/components\//, '');
  console.log(`  ${name.padEnd(40)} ${kb(total(fresh)).padStart(9)} in ${String(fresh.length).padStart(2)} files`);
}

const all = total(new Set(Object.values(manifest).map((c) => c.file).filter((f) => f.endsWith('.js'))));
console.log(`\nAll JavaScript of the app: ${kb(all)} gzipped.`);
process.exit(failed ? 1 : 0);
