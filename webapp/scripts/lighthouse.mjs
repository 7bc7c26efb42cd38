// Lighthouse's performance audit (mobile, default simulated throttling) of
// pages served by the Go binary, against Debian's chromium: a measurement
// for architecture.md's "Performance budgets", not a test (`make perf`).
//
// Starts ../bin/heloc (or HELOC_BIN) on a free port with a fresh data
// folder, runs Lighthouse RUNS times (default 3) on each page, and prints
// each run and the median run (Lighthouse's own pick) with the machine's
// load average, since a busy machine slows the simulated page.
//
//   node scripts/lighthouse.mjs [path ...]     (default: / and /app/initial-setup/property-value)
//   RUNS=5 REPORT_DIR=/tmp/lh node scripts/lighthouse.mjs /start/name

import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { computeMedianRun } from 'lighthouse/core/lib/median-run.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = path.resolve(root, process.env.HELOC_BIN ?? '../bin/heloc');
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';
const runs = Number(process.env.RUNS ?? 3);
const pages = process.argv.slice(2).length ? process.argv.slice(2) : ['/', '/app/initial-setup/property-value'];
const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function startServer() {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'heloc-perf-'));
  const child = spawn(bin, ['serve'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, APP_ENV: 'development' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) throw new Error(`${bin} exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/healthz`)).ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    base,
    stop() {
      child.kill('SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function audit(url) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    return result.lhr;
  } finally {
    chrome.kill();
  }
}

function summary(lhr) {
  const a = lhr.audits;
  const ms = (id) => `${(a[id].numericValue / 1000).toFixed(2)} s`;
  return [
    `score ${Math.round(lhr.categories.performance.score * 100)}`,
    `FCP ${ms('first-contentful-paint')}`,
    `LCP ${ms('largest-contentful-paint')}`,
    `TBT ${Math.round(a['total-blocking-time'].numericValue)} ms`,
    `CLS ${a['cumulative-layout-shift'].numericValue.toFixed(3)}`,
    `SI ${ms('speed-index')}`,
  ].join(', ');
}

const load = () => loadavg().map((n) => n.toFixed(2)).join(' ');
const server = await startServer();
let failed = false;
try {
  console.log(`Lighthouse ${runs}x per page, mobile, simulated throttling, ${chromePath}; load average ${load()}`);
  for (const page of pages) {
    const lhrs = [];
    for (let i = 1; i <= runs; i++) {
      let lhr = await audit(server.base + page);
      // A busy machine now and then spoils a trace (NO_NAVSTART, say): try that run again.
      for (let retry = 0; lhr.runtimeError && retry < 2; retry++) lhr = await audit(server.base + page);
      if (lhr.runtimeError) throw new Error(`${page}: ${lhr.runtimeError.message}`);
      lhrs.push(lhr);
      console.log(`  ${page} run ${i}: ${summary(lhr)} (load ${load()})`);
      if (process.env.REPORT_DIR) {
        mkdirSync(process.env.REPORT_DIR, { recursive: true });
        const name = `${page.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home'}-${i}.json`;
        writeFileSync(path.join(process.env.REPORT_DIR, name), JSON.stringify(lhr));
      }
    }
    const median = computeMedianRun(lhrs);
    console.log(`${page} median: ${summary(median)}`);
    const a = median.audits;
    if (
      median.categories.performance.score < 0.95 ||
      a['largest-contentful-paint'].numericValue >= 2500 ||
      a['cumulative-layout-shift'].numericValue >= 0.1
    ) {
      failed = true;
      console.log(`  ${page} misses the budget (score 95, LCP under 2.5 s, CLS under 0.1)`);
    }
  }
} finally {
  server.stop();
}
process.exit(failed ? 1 : 0);
