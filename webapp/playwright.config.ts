import { existsSync } from 'node:fs';
import { cpus } from 'node:os';
import path from 'node:path';

import { defineConfig } from '@playwright/test';

// Against BASE_URL when it is set; otherwise each worker starts a Go server
// of its own (../bin/heloc, built by `make build`, or HELOC_BIN) on a free
// port with a fresh data folder (e2e/support/server.ts, started by the
// worker fixture in e2e/support/fixtures.ts), so the workers' journeys never
// share a database, an outbox or a rate limit. With E2E_MOCK_API=1 it serves
// the built app with `vite preview` and the tests answer /api/trpc
// themselves (e2e/support/mock-api.ts), for work on the webapp alone.
const port = Number(process.env.E2E_PORT ?? 18787);
const mockApi = process.env.E2E_MOCK_API === '1';
const baseURL = process.env.BASE_URL ?? `http://127.0.0.1:${port}`;

// The binary, absolute, so that tests can run its commands too (e2e/support/heloc.ts).
process.env.HELOC_BIN = path.resolve(import.meta.dirname, process.env.HELOC_BIN ?? '../bin/heloc');

// Workers: E2E_WORKERS, else one more than the cores (at least 3, at most
// 4). Each is a browser, a Go server and a Node process. On 2 cores the
// journeys are bound by the CPU, most of it the browser's: two persona
// walks alone on one worker used 1.5 cores (21 CPU-seconds in 14 s; the Go
// server 0.7 of them, 2026-11-29), so more workers than cores only fill the
// waits (a page's answer, a TOTP step). Against one BASE_URL or the mocked API,
// one worker, as before (one server's data is shared by every test there).
const WORKERS_DEFAULT = Math.max(3, Math.min(4, cpus().length + 1));
const workers = process.env.BASE_URL || mockApi ? 1 : Number(process.env.E2E_WORKERS ?? WORKERS_DEFAULT);

const vitePreview = {
  command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
  url: `${baseURL}/`,
  timeout: 60_000,
  reuseExistingServer: false,
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: true,
  workers,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    // Debian's Chromium (the Playwright browser download does not work
    // here): its old headless shell, chromium-headless-shell, which `make
    // deps` installs and which is what Playwright itself runs headless, the
    // same Blink and V8 for about a sixth less CPU per journey; chromium
    // itself where the shell is not installed. CHROMIUM_PATH chooses.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((p) => existsSync(p)),
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
      ],
    },
    // No trace unless E2E_TRACE=1: recording one for every journey (its
    // screencast above all) doubled the suite's CPU on 2 cores (29 journeys:
    // 524 -> 259 CPU-seconds, 265 -> 132 s), and a trace on CI is never
    // read. A failing journey keeps its screenshot; run it again with
    // E2E_TRACE=1 for the trace (npx playwright show-trace).
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
    // The journeys ask for reduced motion, as a person may in their system's
    // settings: the app then runs Mantine's transitions in no time
    // (theme.respectReducedMotion), so chromium draws no frames of them
    // (personas.spec.ts, 3 workers, in turn: 112-114 s against 117-119 s
    // with motion, 2026-11-30). E2E_MOTION=1 runs them with motion.
    reducedMotion: process.env.E2E_MOTION === '1' ? 'no-preference' : 'reduce',
  },
  webServer: mockApi && !process.env.BASE_URL ? vitePreview : undefined,
});
