// The JavaScript a first visit to a page downloads before it can show
// anything: the entry chunk, its static imports, and the lazy chunks of the
// page's layout and route module with their static imports. Gzipped, from
// the Vite manifest of a build made with --manifest (`npm run size` makes
// one in .size-build, so dist/ stays free of it). Fails above the budget
// (architecture.md: 170 KB for the first page a visitor sees).
//
//   node scripts/initial-js-size.mjs <build dir> [budgetKB]

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(root, process.argv[2] ?? 'dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const budget = Number(process.argv[3] ?? 170) * 1024;

// The home page: its layout route and its page route (see src/app/router.tsx).
const pages = {
  '/': ['src/components/layouts/public-layout.tsx', 'src/app/routes/home.tsx'],
  '/app/initial-setup/*': ['src/features/prequal/components/funnel-layout.tsx', 'src/app/routes/funnel-step.tsx'],
};

function collect(key, seen) {
  if (seen.has(key)) return;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  seen.add(key);
  for (const dep of chunk.imports ?? []) collect(dep, seen);
}

let failed = false;
for (const [page, modules] of Object.entries(pages)) {
  const seen = new Set();
  collect('index.html', seen);
  for (const m of modules) collect(m, seen);
  let total = 0;
  const rows = [...seen].map((key) => {
    const file = manifest[key].file;
    const size = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
    total += size;
    return [file, size];
  });
  rows.sort((a, b) => b[1] - a[1]);
  console.log(`${page}: ${(total / 1024).toFixed(1)} KB gzipped initial JS in ${rows.length} files (budget ${budget / 1024} KB)`);
  for (const [file, size] of rows) console.log(`  ${(size / 1024).toFixed(1).padStart(6)} KB  ${file}`);
  if (total > budget) failed = true;
}
process.exit(failed ? 1 : 0);
