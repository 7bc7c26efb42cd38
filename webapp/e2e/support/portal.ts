import type { Browser, Page } from '@playwright/test';

import { saveApplicationThrough, signAndChooseDocuments, startApplication, submitAfterSigning } from './application';
import { createPortalUser, uniqueEmail } from './heloc';
import { persona } from './personas';
import { freshTotp } from './totp';
import { expect, expectedConsoleError, expectNoHorizontalScroll, screenshot, test, trpcQuery } from './fixtures';

// What the portal's journeys share: signing staff in, a submitted
// application to work on, and adding a condition on a loan's page.

/** The app has hydrated the page (the fixtures do this for the test's own page only). */
export async function ready(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.appReady === 'true');
}

/** Signs a portal user in with their password and a code from `code`, landing on the pipeline. */
export async function signInPortal(page: Page, email: string, password: string, code: () => Promise<string>) {
  await page.goto('/portal/login');
  await ready(page);
  await page.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await page.getByRole('textbox', { name: 'Password' }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Enter your authenticator code' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Authenticator code' }).fill(await code());
  await page.getByRole('button', { name: 'Verify and sign in' }).click();
  await expect(page).toHaveURL(/\/portal$/);
}

/** A code of a time step after `step`: the step that proved an enrolment is spent. */
export async function codeAfter(secret: string, step: number): Promise<string> {
  const wait = (step + 1) * 30_000 - Date.now() + 300;
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
  return freshTotp(secret);
}

/** A portal administrator made with `heloc admin create` and signed in, in a browser context of their own (the two realms never share one). */
export async function signInAdmin(
  browser: Browser,
  { address = '100.64.250.7', dataDir, baseURL }: { address?: string; dataDir?: string; baseURL?: string } = {},
): Promise<Page> {
  const email = uniqueEmail('admin');
  const password = 'correct horse battery staple';
  const admin = createPortalUser({ email, password, dataDir });
  // A baseURL given as undefined would replace the configured one: pass it only when set.
  const context = await browser.newContext({ ...(baseURL ? { baseURL } : {}), extraHTTPHeaders: { 'X-Forwarded-For': address }, viewport: { width: 1280, height: 900 } });
  const staff = await context.newPage();
  await signInPortal(staff, email, password, () => freshTotp(admin.totpSecret));
  return staff;
}

/**
 * A submitted application of a new applicant like the prime persona, signed
 * in on `page`; its loan's id. The steps before submission go through the
 * procedures their pages call (each page has its own journey), from
 * prequalification (startApplication) on.
 */
/** An underwriter (`heloc admin create --role underwriter`), signed in to the portal in a browser context of their own. */
export async function signInUnderwriter(browser: Browser, address = '100.64.252.11'): Promise<Page> {
  const email = uniqueEmail('underwriter');
  const password = 'underwriters read every file twice';
  const uw = createPortalUser({ email, password, role: 'underwriter', firstName: 'Uma', lastName: 'Writer' });
  const context = await browser.newContext({ extraHTTPHeaders: { 'X-Forwarded-For': address }, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInPortal(page, email, password, () => freshTotp(uw.totpSecret));
  return page;
}

export async function submitApplication(page: Page, email: string): Promise<string> {
  const p = persona('prime');
  await startApplication(page, p, email);
  await saveApplicationThrough(page, p, '/app/application/7');
  await signAndChooseDocuments(page, [{ party: 'borrower', name: `${p.firstName} ${p.lastName}` }]);
  await submitAfterSigning(page, p);
  const loan = await trpcQuery<{ id: string; applicationStatus: string }>(page, 'loan.current');
  expect(loan.applicationStatus).toBe('applicationSubmitted');
  return loan.id;
}

/** Adds a condition of the catalogue on the open Conditions tab, found by typing its code. */
export async function addCondition(staff: Page, code: string, label: RegExp, note?: string) {
  const form = staff.getByRole('form', { name: 'Add a condition' });
  await form.getByRole('combobox', { name: 'Condition' }).fill(code);
  await staff.getByRole('option', { name: label }).click();
  if (note) await form.getByRole('textbox', { name: 'Note to the borrower (optional)' }).fill(note);
  await form.getByRole('button', { name: 'Add condition' }).click();
  await expect(form.getByRole('status')).toHaveText(new RegExp(`^Condition ${code} added`));
}

/**
 * Two errors the shared sign-in steps (e2e/support, not the pages under
 * test) log on a fresh server, which every portal journey meets: the
 * sandbox outbox page's missing resource (404) while the applicant's code
 * is read, and the portal sign-in's 401 answer to the password step before
 * the authenticator code. Named so that a journey fails only on its own
 * pages' errors; take them out once support/ no longer provokes them.
 */
export function allowSignInErrors() {
  test.info().annotations.push(
    expectedConsoleError(/\/dev\/outbox: Failed to load resource: the server responded with a status of 404/),
    expectedConsoleError(/\/portal\/login: Failed to load resource: the server responded with a status of 401/),
  );
}

/** Screenshots of the page at the desktop width and at a 390 px phone, with no sideways scroll on the phone. */
export async function bothWidths(page: Page, name: string) {
  await screenshot(page, name);
  const size = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  await expectNoHorizontalScroll(page);
  await screenshot(page, name);
  if (size) await page.setViewportSize(size);
}
