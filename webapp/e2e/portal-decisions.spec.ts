import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

import type { Page } from '@playwright/test';

import { requireRealServer } from './support/heloc';
import { freshEmail, persona } from './support/personas';
import { ready, signInAdmin, submitApplication } from './support/portal';
import { startServer, type HelocServer } from './support/server';
import { expect, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test, trpcQuery } from './support/fixtures';

// A loan's decisions, their replay after a threshold change, and the
// export of the submitted application, against a server of this spec's own
// that watches a copy of rules/ (RULES_DIR: the server swaps to a new
// policy revision once it compiles and its Rego tests pass,
// server/policy/live.go). The worker's server serves the built-in rules,
// which a test must not change under the other specs.
//
// A borrower like the prime persona submits an application (the steps
// before submission through the procedures their pages call; each page has
// its own journey). An administrator opens the loan's Decisions tab: each
// decision with its reasons, rules and table rows; a replay under the same
// rules shows no change. Compliance lowers the primary home's maximum CLTV
// in the rules folder (a one-line data change); once the server serves the
// new revision, replaying the eligibility decision shows the difference,
// field by field. Then the administrator exports the application to
// Encompass (the default file drop): the receipt, and a MISMO file that
// parses, in MISMO's namespace, with the borrower's name.

let server: HelocServer | undefined;
let dataDir = '';
let rulesDir = '';

test.beforeAll(async () => {
  if (process.env.E2E_MOCK_API === '1' || !process.env.HELOC_BIN) return;
  // A port and data folder of its own (support/server.ts), beside the worker's server; the rules folder is copied in first.
  const rules = mkdtempSync(path.join(tmpdir(), 'heloc-e2e-decisions-rules-'));
  rulesDir = path.join(rules, 'rules');
  cpSync(path.join(import.meta.dirname, '../../rules'), rulesDir, { recursive: true });
  server = await startServer('heloc-e2e-decisions-', { RULES_DIR: rulesDir });
  dataDir = server.dataDir;
});

test.afterAll(async () => {
  await server?.stop();
});

// This spec's own server, not the worker's.
// eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern
test.use({ baseURL: async ({}, use) => use(server?.url) });

/** The newest eligibility decision's card on the open Decisions tab. */
function eligibilityCard(staff: Page) {
  return staff.getByRole('article').filter({ has: staff.getByRole('heading', { level: 4, name: 'Eligibility', exact: true }) }).first();
}

async function openDecisions(staff: Page, loanId: string) {
  await staff.goto(`/portal/loan?id=${loanId}&tab=decisions`);
  await ready(staff);
  await expect(staff.getByRole('heading', { name: /^Credit decisions \(\d+\)$/ })).toBeVisible();
}

test('a decision replayed after a threshold change shows what changes, and the submitted application exports as MISMO XML with the borrower’s name', async ({ page, browser }) => {
  requireRealServer();
  test.setTimeout(420_000);
  const p = persona('prime');
  const loanId = await submitApplication(page, freshEmail(persona('prime')));

  const staff = await signInAdmin(browser, { address: '100.64.251.9', dataDir, baseURL: server?.url });
  await openDecisions(staff, loanId);
  const revision = (await trpcQuery<{ policyRevision: string }>(staff, 'system.info')).policyRevision;

  // Each decision in words, with its revision and the rules and rows behind it.
  const card = eligibilityCard(staff);
  await expect(card).toBeVisible();
  await expect(card.getByText('Eligible', { exact: true })).toBeVisible();
  await expect(card.getByText(`Decided under revision ${revision.slice(0, 12)} (never published).`)).toBeVisible();
  // Explained by its own revision's rules and tables.
  await expect(card.getByText(`The rules and table values above are those of revision ${revision.slice(0, 12)}, which made this decision.`)).toBeVisible();
  await expect(card.getByText('cltvRule', { exact: true })).toBeVisible();
  await expect(card.getByText(/row CLTV-PRIMARY of heloc\.eligibility\.tables\.max_cltv\[0\]: max: 0\.85, usage: primaryResidence/)).toBeVisible();
  const offer = staff.getByRole('article').filter({ has: staff.getByRole('heading', { level: 4, name: 'Preview offer' }) }).first();
  await expect(offer.getByText(/^A line of \$[\d,]+ at [\d.]+% APR$/)).toBeVisible();
  await expect(offer.getByText('pricingRow', { exact: true })).toBeVisible();

  // Under the rules it was made by, a replay changes nothing.
  await card.getByRole('button', { name: 'Replay under today’s rules' }).click();
  await expect(card.getByRole('status').filter({ hasText: 'No change' })).toContainText('Today’s rules decide the same.');
  await expectNoSeriousA11yViolations(staff);
  await screenshot(staff, 'portal-decisions');

  // Compliance lowers the primary home's maximum CLTV from 85% to 75% in the rules folder.
  const tables = path.join(rulesDir, 'heloc/eligibility/tables/data.yaml');
  const before = readFileSync(tables, 'utf8');
  const row = '  - {id: CLTV-PRIMARY, usage: primaryResidence, max: 0.85}';
  expect(before).toContain(row);
  writeFileSync(tables, before.replace(row, '  - {id: CLTV-PRIMARY, usage: primaryResidence, max: 0.75}'));
  // The server swaps once the new revision compiles and its tests pass.
  let next = revision;
  await expect(async () => {
    next = (await trpcQuery<{ policyRevision: string }>(staff, 'system.info')).policyRevision;
    expect(next, 'the server serves a new policy revision').not.toBe(revision);
  }).toPass({ timeout: 90_000, intervals: [500, 1000, 2000] });

  await openDecisions(staff, loanId);
  await expect(staff.getByText(`Today’s rules are revision ${next.slice(0, 12)}`)).toBeVisible();
  const replayed = eligibilityCard(staff);
  await expect(replayed.getByText(`(earlier rules)`, { exact: false })).toBeVisible();
  await replayed.getByRole('button', { name: 'Replay under today’s rules' }).click();
  const diff = replayed.getByRole('table', { name: 'What today’s rules change in the eligibility decision' });
  await expect(diff).toBeVisible();
  // Each decision names the revision that made it; RULES_DIR's revisions are never published.
  await expect(replayed.getByText(`Decided under revision ${revision.slice(0, 12)} (never published).`)).toBeVisible();
  await expect(replayed.getByText(`Today’s rules (revision ${next.slice(0, 12)}) would decide otherwise.`, { exact: false })).toBeVisible();
  await expect(replayed.getByRole('status')).toContainText(
    `Stored under revision ${revision.slice(0, 12)} (never published), replayed under today’s revision ${next.slice(0, 12)} (never published). ` +
      `Revision ${revision.slice(0, 12)}’s own rules still give the stored result.`,
  );
  const diffRow = (field: string) => diff.getByRole('row').filter({ has: staff.getByRole('rowheader', { name: field, exact: true }) });
  await expect(diffRow('maxCltv').getByRole('cell')).toHaveText(['0.85', '0.75']);
  // The available line: the value times the maximum CLTV, less what is owed.
  const [was, now] = (await diffRow('availableLine').getByRole('cell').allTextContents()).map(Number);
  expect(now).toBeLessThan(was!);
  await expectNoSeriousA11yViolations(staff);
  await screenshot(staff, 'portal-decisions-replay');

  // The export, an action of the loan page: checked for Encompass, sent to the file drop, and downloadable.
  await staff.getByRole('button', { name: 'Export to the loan system' }).click();
  const panel = staff.getByRole('dialog', { name: 'Export to the loan system' }).getByRole('region', { name: 'Export to the loan system' });
  await expect(panel).toBeVisible();
  await panel.getByRole('radiogroup', { name: 'Loan system' }).getByRole('radio', { name: 'Encompass' }).check();
  await panel.getByRole('button', { name: 'Export to Encompass' }).click();
  const sent = panel.getByRole('status').filter({ hasText: 'Sent to Encompass' });
  await expect(sent).toBeVisible();
  await expect(sent).toContainText(new RegExp(`Receipt from the file drop: ${loanId}-\\d{8}T\\d{6}Z-[0-9a-f]{8}\\.xml`));
  await expect(panel.getByRole('table', { name: 'Exports of this loan, newest first' }).getByRole('row')).toHaveCount(2);
  await screenshot(staff, 'portal-decisions-export');

  const href = await sent.getByRole('link', { name: 'Download the MISMO file' }).getAttribute('href');
  expect(href).toMatch(new RegExp(`^/api/portal/exports/${loanId}/[0-9a-f]{32}$`));
  const parsed = await staff.evaluate(async (url) => {
    const res = await fetch(url);
    const text = await res.text();
    const doc = new DOMParser().parseFromString(text, 'application/xml');
    const ns = 'http://www.mismo.org/residential/2009/schemas';
    const first = (name: string) => doc.getElementsByTagNameNS(ns, name)[0]?.textContent ?? null;
    return {
      status: res.status,
      type: res.headers.get('Content-Type'),
      parseError: doc.getElementsByTagName('parsererror').length > 0,
      root: doc.documentElement.localName,
      namespace: doc.documentElement.namespaceURI,
      firstName: first('FirstName'),
      lastName: first('LastName'),
      loanIdentifier: first('LoanIdentifier'),
      hasSSN: text.includes('TaxpayerIdentifierValue'),
    };
  }, href!);
  expect(parsed).toEqual({
    status: 200,
    type: 'application/xml; charset=utf-8',
    parseError: false,
    root: 'MESSAGE',
    namespace: 'http://www.mismo.org/residential/2009/schemas',
    firstName: p.firstName,
    lastName: p.lastName,
    loanIdentifier: loanId,
    hasSSN: true,
  });

  // The tab at a phone's width.
  await staff.setViewportSize({ width: 375, height: 740 });
  await expectNoHorizontalScroll(staff);
  await screenshot(staff, 'portal-decisions-export');
});
