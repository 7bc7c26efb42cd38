import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Page } from '@playwright/test';

import { choose, saveApplicationThrough, startApplication } from './support/application';
import { requireRealServer } from './support/heloc';
import { expect, expectedConsoleError, expectNoHorizontalScroll, expectNoSeriousA11yViolations, screenshot, test, trpcQuery } from './support/fixtures';
import {
  answerCoborrower,
  answerIncomeAndDebts,
  answerPropertyUsage,
  checkCredit,
  confirmMortgages,
  continueTo,
  freshEmail,
  persona,
  walkLanding,
  walkSelfReported,
  type Persona,
} from './support/personas';

// Refusals on verified facts, after the soft credit pull (issue 20, "Done
// when"): a building of 5 or more units, a manufactured home, and a
// debt-to-income ratio over the table's limit are each refused with the
// rule's own reason on the page and its specific adverse-action words in
// the notice. Against the real server, at a desktop's width, as a borrower
// like the prime persona (the sandbox bureau's prime file).
//
// The words and thresholds are read here from the rules, not copied: each
// reason's message and adverse-action words from its rule's METADATA
// (rules/heloc/eligibility/eligibility.rego, rules/heloc/offer/dti.rego),
// the values they fill in from the tables (data.yaml), so that compliance
// changing a table or a rule's words changes what these journeys expect.
//
// Where each is decided:
//   DTI       annual income and monthly debts are asked by the landing
//             funnel (/start/annual-income, /start/monthly-debts); the
//             preview after the soft pull runs the DTI rule and, refused
//             with no page of its own, shows the reasons and the notice in
//             place on the preview-offer page.
//   property  the type and the number of units are asked on the
//             application's Property Info page (/app/application/2, the
//             eligibility table's `facts`); the rules decide the home as
//             the page states it before it is saved (the eligibility
//             table's property stage), and a refusal is said on that page
//             as a decline ("We can’t open this line", not a field to
//             fix) with the reasons' words, and the notice stored with the
//             loan shown below it. The submission decides again, whole, on
//             the application's figures (application.submit; its refusal
//             on the loan-disbursement page is tested in Vitest and Go).

const rulesDir = path.join(import.meta.dirname, '..', '..', 'rules', 'heloc');

/** The custom fields of the rule whose METADATA title is `title`, in `file` (folded scalars joined as YAML folds them). */
function ruleWords(file: string, title: string): Record<string, string> {
  const lines = readFileSync(path.join(rulesDir, file), 'utf8').split('\n');
  const start = lines.findIndex((l, i) => l.trim() === '# METADATA' && lines[i + 1]?.trim() === `# title: ${title}`);
  if (start < 0) throw new Error(`no rule titled ${title} in ${file}`);
  const block: string[] = [];
  for (let i = start + 1; i < lines.length && lines[i]!.startsWith('#'); i++) block.push(lines[i]!.replace(/^# ?/, ''));
  const custom = block.findIndex((l) => l === 'custom:');
  const out: Record<string, string> = {};
  for (let i = custom + 1; i < block.length; i++) {
    const m = /^ {2}(\w+): ?(.*)$/.exec(block[i]!);
    if (!m) continue;
    let value = m[2]!;
    if (value === '>-' || value === '>') {
      const parts: string[] = [];
      while (i + 1 < block.length && /^ {4}/.test(block[i + 1]!)) parts.push(block[++i]!.trim());
      value = parts.join(' ');
    } else if (/^".*"$/.test(value)) {
      value = value.slice(1, -1);
    }
    out[m[1]!] = value;
  }
  return out;
}

/** Fills {name} in a rule's words. */
function fill(words: string, values: Record<string, string>): string {
  return words.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (!(name in values)) throw new Error(`no value for {${name}} in "${words}"`);
    return values[name]!;
  });
}

/** The policy's percent(): 0.43 is "43%", 0.4312 is "43.12%". */
function percent(f: number): string {
  return `${Math.round(f * 10000) / 100}%`;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

type DtiRow = { id: string; min: number; below: number; max: number };

/** rules/heloc/offer/tables/data.yaml's dti rows. */
function dtiRows(): DtiRow[] {
  const yaml = readFileSync(path.join(rulesDir, 'offer/tables/data.yaml'), 'utf8');
  const rows = [...yaml.matchAll(/- \{id: ([\w-]+), score: \{min: (\d+), below: (\d+)\}, max: ([\d.]+)\}/g)].map((m) => ({
    id: m[1]!,
    min: Number(m[2]),
    below: Number(m[3]),
    max: Number(m[4]),
  }));
  expect(rows.length, 'the dti table has rows').toBeGreaterThan(0);
  return rows;
}

/** rules/heloc/eligibility/tables/data.yaml's property rules. */
function propertyTable(): { notEligibleTypes: string[]; maxUnits: number } {
  const yaml = readFileSync(path.join(rulesDir, 'eligibility/tables/data.yaml'), 'utf8');
  const block = /^property:\n((?: {2}.*\n)+)/m.exec(yaml)?.[1] ?? '';
  const types = /not_eligible_types: \[([^\]]*)\]/.exec(block)?.[1];
  const units = /max_units: (\d+)/.exec(block)?.[1];
  if (types === undefined || units === undefined) throw new Error('no property table in eligibility/tables/data.yaml');
  return { notEligibleTypes: types.split(',').map((t) => t.trim()), maxUnits: Number(units) };
}

const noticeOf = (page: Page) => page.getByRole('article', { name: 'Notice of action taken' });

/** The notice of action taken on the page: the decision, the reason's specific words, the score block of the report used. */
async function expectNotice(page: Page, reason: string, score: number | null) {
  const notice = noticeOf(page);
  await expect(notice).toBeVisible();
  const reasons = notice.getByRole('region', { name: 'Principal reasons for our decision' });
  await expect(reasons.getByRole('listitem').filter({ hasText: reason })).toHaveCount(1);
  if (score !== null) await expect(notice.getByText(String(score), { exact: true })).toBeVisible();
  await expect(notice.getByText(/^Notice version \S+$/)).toBeVisible();
}

test.describe('refused after the soft pull, with a specific reason on the page and in the notice', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('a DTI over the table’s limit: the preview offer says why in the rule’s words, with the notice', async ({ page }) => {
    requireRealServer();
    test.setTimeout(240_000);
    const prime = persona('prime');
    // Debts alone past every row's limit: over the table's maximum whatever the score band.
    const highest = Math.max(...dtiRows().map((r) => r.max));
    const monthlyDebts = Math.ceil((prime.answers.annualIncome / 12) * (highest + 0.02));
    const p: Persona = { ...prime, answers: { ...prime.answers, monthlyDebts } };

    await walkLanding(page, p, freshEmail(p));
    await walkSelfReported(page, p);
    await answerPropertyUsage(page);
    await expect(page).toHaveURL(/\/app\/initial-setup\/credit-score$/);
    await checkCredit(page, p);
    const scoreText = await page.getByRole('status').filter({ hasText: 'Your credit score used' }).innerText();
    const score = Number(/used\s+(\d{3})/.exec(scoreText)?.[1]);
    const row = dtiRows().find((r) => r.min <= score && score < r.below);
    expect(row, `a dti row holds the score ${score}`).toBeTruthy();
    await continueTo(page, /\/app\/initial-setup\/coborrower$/);
    await answerCoborrower(page, p);
    await continueTo(page, /\/app\/initial-setup\/mortgage-balance$/);
    await confirmMortgages(page, p);
    await continueTo(page, /\/app\/initial-setup\/credit-income$/);
    await answerIncomeAndDebts(page, p);
    await expect(page).toHaveURL(/\/app\/initial-setup\/preview-offer$/);

    // Refused with no page of its own: said in place, in the rule's words, with the table's maximum.
    const words = ruleWords('offer/dti.rego', 'Debt-to-income over the maximum');
    const [before, after] = words.message!.split('{ratio}');
    const message = new RegExp(`^${escapeRegExp(before!)}\\d+(\\.\\d+)?%${escapeRegExp(fill(after!, { max: percent(row!.max) }))}$`);
    const refused = page.getByRole('alert').filter({ hasText: 'We can’t make you an offer right now' });
    await expect(refused).toBeVisible();
    const said = refused.getByRole('listitem').filter({ hasText: message });
    await expect(said).toBeVisible();
    const ratio = /(\d+(?:\.\d+)?%)/.exec(await said.innerText())![1]!;
    await expect(page.getByRole('heading', { name: 'Choose how much to borrow' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/app\/initial-setup\/preview-offer$/);
    // The notice: Reg B's words for excessive obligations with the ratio against the maximum, and the score of the report used.
    await expectNotice(page, fill(words.adverse_action!, { ratio, max: percent(row!.max) }), score);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, 'refused-dti-preview-offer');
  });

  type PropertyCase = { name: string; type: string; units: string; file: string; words: (w: Record<string, string>) => string };
  const table = propertyTable();
  const cases: PropertyCase[] = [
    {
      name: 'a building of 5 or more units',
      type: 'Multi-unit home',
      units: '5+',
      file: 'refused-five-units',
      words: (w) => fill(w.units_words!, { maxUnits: String(table.maxUnits) }),
    },
    {
      name: 'a manufactured home',
      type: 'Manufactured home',
      units: '1 (Single Family, Condo)',
      file: 'refused-manufactured',
      words: (w) => {
        expect(table.notEligibleTypes).toContain('manufactured');
        return fill(w.type_words!, { propertyType: 'manufactured' });
      },
    },
  ];

  /**
   * A new applicant like the prime persona answers the Property Info page by
   * hand with the case's type and units and presses Continue: the rules
   * decide the home as the page states it before it is saved, and refuse it
   * on that page, in the property rule's own words, as a decline (not a
   * field to fix), with nothing saved. Answers the notice's specific words
   * (which type, or how many units, is not lent on).
   */
  async function refuseOnPropertyPage(page: Page, c: PropertyCase): Promise<{ code: string; specific: string }> {
    const p = persona('prime');
    await startApplication(page, p);
    await saveApplicationThrough(page, p, '/app/application/1');

    // The Property Info page, where the type and the units are asked.
    await page.goto('/app/application/2');
    await expect(page.getByRole('heading', { level: 1, name: 'Tell us about the property' })).toBeVisible();
    await page.getByRole('textbox', { name: 'Property address: street address' }).fill('1200 Alder Street');
    await page.getByRole('textbox', { name: 'Property address: city' }).fill('San Francisco');
    await page.getByRole('textbox', { name: 'Property address: state' }).fill('CA');
    await page.getByRole('textbox', { name: 'Property address: ZIP code' }).fill(p.answers.zip);
    await choose(page, 'Property type', c.type);
    await choose(page, 'Number of units', c.units);
    await choose(page, 'How do you use the property?', 'Primary Home');
    await choose(page, 'How is title held?', 'Joint tenants');
    await choose(page, 'Is the property held in a trust?', 'No');
    await page.getByRole('textbox', { name: 'HOA dues per month' }).pressSequentially('0');
    await page.getByRole('textbox', { name: 'Property taxes per month' }).pressSequentially('540');
    await page.getByRole('textbox', { name: 'Homeowners insurance per month' }).pressSequentially('125');
    await choose(page, /property taxes included/, 'Yes');
    await choose(page, /insurance included/, 'Yes');
    // The refusal this journey provokes and asserts: the browser logs the save's 400.
    test.info().annotations.push(expectedConsoleError(/status of 400 \(Bad Request\) \(http:\/\/[^/]+\/api\/trpc\/application\.save\)$/));
    await page.getByRole('button', { name: 'Continue', exact: true }).click();

    // Refused on the page that asked, in the property rule's own words, as a decline (not a field to fix); nothing saved.
    const words = ruleWords('eligibility/eligibility.rego', 'Property type not eligible');
    const refused = page.getByRole('alert').filter({ hasText: 'We can’t open this line' });
    await expect(refused).toBeVisible({ timeout: 30_000 });
    await expect(refused.getByText(/nothing on this page was saved/)).toBeVisible();
    await expect(refused.getByRole('listitem').filter({ hasText: words.message! })).toBeVisible();
    await expect(page.getByRole('alert').filter({ hasText: 'We couldn’t save this page' })).toHaveCount(0);
    await expect(page).toHaveURL(/\/app\/application\/2$/);
    expect((await trpcQuery<{ application: { property: { type?: string } } }>(page, 'application.get')).application.property.type).toBeUndefined();
    await expectNoHorizontalScroll(page);
    await screenshot(page, c.file);
    return { code: words.code!, specific: fill(words.adverse_action!, { propertyWords: c.words(words) }) };
  }

  for (const c of cases) {
    test(`${c.name}: the property page refuses it in the rule’s words, and the notice stored names what is not lent on`, async ({ page }) => {
      requireRealServer();
      test.setTimeout(240_000);
      const { code, specific } = await refuseOnPropertyPage(page, c);
      // The notice the refusal stored (prequal.adverseAction: what the app shows as the loan's latest notice).
      const stored = await trpcQuery<{ reasons: string[]; reasonCodes: string[] } | null>(page, 'prequal.adverseAction');
      expect(stored?.reasons).toContain(specific);
      expect(stored?.reasonCodes).toContain(code);
      await expectNoSeriousA11yViolations(page);
    });

    test(`${c.name}: the notice of action taken is shown with the refusal on the property page`, async ({ page }) => {
      requireRealServer();
      test.setTimeout(240_000);
      const { specific } = await refuseOnPropertyPage(page, c);
      await expectNotice(page, specific, null);
      // Not based on the consumer report (the notice table's reasons_not_from_the_report): no score block, no FCRA part.
      await expect(noticeOf(page).getByRole('heading', { name: /credit score|Fair Credit Reporting Act/ })).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `${c.file}-notice`);
    });
  }
});
