import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { defineConfig } from '@playwright/test';

// Against BASE_URL when it is set; otherwise this starts the Go server
// (../bin/heloc, built by `make build`, or HELOC_BIN) on a fresh data folder. With
// E2E_MOCK_API=1 it serves the built app with `vite preview` and the tests
// answer /api/trpc themselves (e2e/support/mock-api.ts), for work on the
// webapp alone.
const port = Number(process.env.E2E_PORT ?? 18787);
const mockApi = process.env.E2E_MOCK_API === '1';
const baseURL = process.env.BASE_URL ?? `http://127.0.0.1:${port}`;

// The binary, absolute, so that tests can run its commands too (e2e/support/heloc.ts).
process.env.HELOC_BIN = path.resolve(import.meta.dirname, process.env.HELOC_BIN ?? '../bin/heloc');

// A fresh temporary folder for the server's SQLite database and secrets on
// every run. The tests' worker processes load this file again and inherit
// the variable, so they all see the one folder the server uses (and can run
// `heloc admin create` against it).
if (!process.env.BASE_URL && !mockApi) {
  process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'heloc-e2e-'));
}

const goServer = {
  // The server's JSON log goes to server.log in the data folder, where the
  // journeys check that no code, password or session token reached it.
  command: `exec "${process.env.HELOC_BIN}" serve > "${process.env.E2E_DATA_DIR}/server.log"`,
  url: `${baseURL}/healthz`,
  // The server trusts X-Forwarded-For from loopback only, so a journey can
  // play a visitor of its own address (test.use extraHTTPHeaders): each
  // person gets the per-address limits a real visitor has (10 new accounts
  // per address in 15 minutes), rather than the whole run sharing one.
  env: { PORT: String(port), APP_ENV: 'development', DATA_DIR: process.env.E2E_DATA_DIR ?? '', TRUSTED_PROXIES: '127.0.0.1' },
  timeout: 60_000,
  reuseExistingServer: false,
  stdout: 'ignore' as const,
  stderr: 'pipe' as const,
};

const vitePreview = {
  command: `npx vite preview --host 127.0.0.1 --port ${port} --strictPort`,
  url: `${baseURL}/`,
  timeout: 60_000,
  reuseExistingServer: false,
};

export default defineConfig({
  testDir: './e2e',
  outputDir: './test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  use: {
    baseURL,
    browserName: 'chromium',
    // Debian's Chromium: the Playwright browser download does not work here.
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
    trace: 'retain-on-failure',
  },
  webServer: process.env.BASE_URL ? undefined : mockApi ? vitePreview : goServer,
});
