import { defineConfig } from '@playwright/test';

// Against BASE_URL when it is set; otherwise this starts the Go server
// (../bin/heloc, built by `make build`, or HELOC_BIN) on a fresh data folder. With
// E2E_MOCK_API=1 it serves the built app with `vite preview` and the tests
// answer /api/trpc themselves (e2e/support/mock-api.ts), for work on the
// webapp alone.
const port = Number(process.env.E2E_PORT ?? 18787);
const mockApi = process.env.E2E_MOCK_API === '1';
const baseURL = process.env.BASE_URL ?? `http://127.0.0.1:${port}`;

const goServer = {
  // A fresh temporary folder for the server's SQLite database on every run.
  command: `DATA_DIR="$(mktemp -d -t heloc-e2e-XXXXXX)" exec ${process.env.HELOC_BIN ?? '../bin/heloc'} serve`,
  url: `${baseURL}/healthz`,
  env: { PORT: String(port), APP_ENV: 'development' },
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
