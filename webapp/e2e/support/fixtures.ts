import { mkdirSync } from 'node:fs';
import path from 'node:path';

import AxeBuilder from '@axe-core/playwright';
import { expect, test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';

import { mockApi } from './mock-api';
import { startServer, type HelocServer } from './server';

export const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 740 },
] as const;

/**
 * Pages arrive prerendered (scripts/prerender.mjs) and answer once the app
 * has hydrated them, which it marks with html[data-app-ready]
 * (src/start-app.tsx): a page loaded by goto or reload is used only then,
 * as a person would find it answering. Pages without the app (no #root,
 * such as /dev/outbox) are ready when loaded.
 */
async function appReady(page: Page) {
  await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.dataset.appReady === 'true');
}

/**
 * Each test is a visitor of its own address: the server (playwright.config)
 * trusts X-Forwarded-For from loopback, so the per-address limits (10 new
 * accounts per address in 15 minutes, ...) count each test as a real
 * visitor would be counted, not the whole run as one.
 */
function visitorAddress(testId: string): string {
  let hash = 0;
  for (const c of testId) hash = (hash * 31 + c.charCodeAt(0)) >>> 0;
  return `100.64.${(hash >>> 8) & 255}.${hash & 255}`;
}

/** Whether this run starts Go servers of its own (not with BASE_URL, nor with the mocked API). */
const ownServers = !process.env.BASE_URL && process.env.E2E_MOCK_API !== '1';

/**
 * What a page said went wrong: every console.error and every uncaught error
 * of a page of the context (a React error such as #419 or #418 reaches the
 * console as one), with the address it was said at.
 */
function watchErrors(context: BrowserContext, errors: string[]) {
  context.on('console', (msg) => {
    if (msg.type() !== 'error') return;
    const page = msg.page()?.url() ?? '';
    // A failed request's message names no address; its location does.
    const source = msg.location().url;
    errors.push(`console.error at ${page}: ${msg.text()}${source && source !== page ? ` (${source})` : ''}`);
  });
  context.on('weberror', (err) => {
    errors.push(`uncaught error at ${err.page()?.url() ?? ''}: ${err.error().stack ?? err.error().message}`);
  });
}

/**
 * The error a journey provokes on purpose and says so in its own words:
 * `test.info().annotations.push(expectedConsoleError(/pattern/))` lets a
 * console error matching the pattern pass. None is allowed otherwise.
 */
export function expectedConsoleError(pattern: RegExp): { type: string; description: string } {
  return { type: 'expected console error', description: pattern.source };
}

export const test = base.extend<{ api: void; noConsoleErrors: void }, { server: HelocServer | null }>({
  // Each worker's own Go server (support/server.ts): its own port and data
  // folder, started before the worker's first test and stopped after its
  // last. E2E_DATA_DIR names the folder for the commands the journeys run
  // against it (support/heloc.ts) and for its server.log.
  server: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
    async ({}, use, workerInfo) => {
      if (!ownServers) {
        await use(null);
        return;
      }
      const server = await startServer(`heloc-e2e-${workerInfo.parallelIndex}-`);
      process.env.E2E_DATA_DIR = server.dataDir;
      try {
        await use(server);
      } finally {
        await server.stop();
      }
    },
    { scope: 'worker', auto: true, timeout: 90_000 },
  ],
  baseURL: async ({ server, baseURL }, use) => {
    await use(server?.url ?? baseURL);
  },
  // No page logs an error (issue 22): every console.error and uncaught
  // error of the test's pages, and of any context it opens beside its own
  // (a loan officer's, a partner's), fails the test, listed with the page
  // it was said at. A journey that provokes one on purpose names it with
  // expectedConsoleError; nothing is allowed otherwise.
  noConsoleErrors: [
    async ({ context, browser }, use, testInfo) => {
      const errors: string[] = [];
      watchErrors(context, errors);
      const newContext = browser.newContext.bind(browser);
      (browser as { newContext: Browser['newContext'] }).newContext = async (...args) => {
        const opened = await newContext(...args);
        watchErrors(opened, errors);
        return opened;
      };
      try {
        await use();
      } finally {
        (browser as { newContext: Browser['newContext'] }).newContext = newContext;
      }
      const allowed = testInfo.annotations.filter((a) => a.type === 'expected console error').map((a) => new RegExp(a.description ?? '^$'));
      const unexpected = errors.filter((e) => !allowed.some((re) => re.test(e)));
      expect(unexpected, `the pages logged ${unexpected.length} error(s):\n${unexpected.join('\n')}`).toEqual([]);
    },
    { auto: true },
  ],
  api: [
    async ({ page }, use, testInfo) => {
      await page.context().setExtraHTTPHeaders({ 'X-Forwarded-For': visitorAddress(testInfo.testId) });
      if (process.env.E2E_MOCK_API === '1') await mockApi(page);
      const goto = page.goto.bind(page);
      page.goto = (async (...args: Parameters<Page['goto']>) => {
        const response = await goto(...args);
        await appReady(page);
        return response;
      }) as Page['goto'];
      const reload = page.reload.bind(page);
      page.reload = (async (...args: Parameters<Page['reload']>) => {
        const response = await reload(...args);
        await appReady(page);
        return response;
      }) as Page['reload'];
      await use();
    },
    { auto: true },
  ],
});

export { expect };

const artifacts = path.join(import.meta.dirname, '..', 'artifacts');

/** Saves a full-page screenshot as e2e/artifacts/<name>-<width>.png. */
export async function screenshot(page: Page, name: string) {
  mkdirSync(artifacts, { recursive: true });
  const width = page.viewportSize()?.width ?? 0;
  await page.screenshot({ path: path.join(artifacts, `${name}-${width}.png`), fullPage: true });
}

/** Calls a tRPC query from the page, as the app would. */
export async function trpcQuery<T>(page: Page, procedure: string, input?: unknown): Promise<T> {
  return page.evaluate(
    async ({ procedure, input }) => {
      const query = input === undefined ? '' : `?input=${encodeURIComponent(JSON.stringify(input))}`;
      const res = await fetch(`/api/trpc/${procedure}${query}`, { headers: { 'X-Same-Origin': '1' } });
      const body = await res.json();
      if (!body.result) throw new Error(`${procedure}: ${JSON.stringify(body)}`);
      return body.result.data;
    },
    { procedure, input },
  ) as Promise<T>;
}

/**
 * The serious or critical WCAG 2.1 A/AA violations axe finds on the page as
 * it is now, one line each. In axe's legacy mode: axe.run in the page, which
 * reaches the page's own frames (the portal's document preview is the only
 * one, same-origin), rather than runPartial in each frame and finishRun in a
 * new blank page opened for every analysis, which doubled each analysis's
 * CPU (0.25 against 0.54 CPU-seconds on the home page) for cross-origin
 * frames the app does not have. Both modes gave the same violations, passes
 * and incomplete results on every route at both widths, 16 of them with
 * violations put there on purpose (2026-11-29).
 */
export async function seriousA11yViolations(page: Page): Promise<string[]> {
  await transitionsEnded(page);
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).setLegacyMode(true).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/**
 * Waits, at most 2 s, for the page's running CSS transitions and finite
 * animations to end (a loader's endless one is no transition): axe reads
 * colours as they are painted, and a dialog still fading in reads as text
 * of too little contrast (seen once in CI on the portal's export dialog).
 */
async function transitionsEnded(page: Page) {
  await page
    .waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity), undefined, {
      timeout: 2_000,
    })
    .catch(() => undefined);
}

/** No serious or critical WCAG 2.1 A/AA violation on the page as it is now. */
export async function expectNoSeriousA11yViolations(page: Page) {
  const serious = await seriousA11yViolations(page);
  expect(serious, serious.join('\n')).toEqual([]);
}

/** The page scrolls only vertically. */
export async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

export async function productName(page: Page): Promise<string> {
  return (await trpcQuery<{ productName: string }>(page, 'system.info')).productName;
}
