import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { Locator, Page } from '@playwright/test';

import data from '../src/app/routes.json' with { type: 'json' };
import { saveApplicationThrough } from './support/application';
import { requireRealServer } from './support/heloc';
import { persona as personaOf } from './support/personas';
import { signInApplicant } from './support/sign-in';
import {
  expect,
  expectedConsoleError,
  expectNoHorizontalScroll,
  expectNoSeriousA11yViolations,
  screenshot,
  test,
  viewports,
} from './support/fixtures';

// The pages of a loan come from the funnel policy (funnel.pages): the
// coborrower pages only for a loan with a coborrower, business information
// only for a self-employed borrower. The personas are the demo's
// (fixtures/personas.json, seeded with their answers); prime@example.com has
// neither.

type Persona = { email: string; profile: { hasCoborrower: boolean; selfEmployed: boolean } };

const personas: Persona[] = JSON.parse(readFileSync(path.join(import.meta.dirname, '../../fixtures/personas.json'), 'utf8'));

const employment = '/app/application/4';
const coborrowerPages = ['/app/application/4/coborrower', '/app/application/other-income/coborrower'];
const businessInformation = '/app/application/business-information';
const otherIncome = '/app/application/other-income';

function titleOf(path: string): string {
  const route = data.routes.find((r) => r.path === path);
  if (!route) throw new Error(`${path} is not in routes.json`);
  return route.title;
}

function escaped(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * A page's entry in the stepper: its title, then " (done)" when it is done;
 * a link once the loan has reached it, else text that says it opens later.
 */
function pageLink(stepper: Locator, path: string): Locator {
  return stepper
    .locator('a, [aria-disabled="true"]')
    .filter({ hasText: new RegExp(`^${escaped(titleOf(path))}(\\s*\\(done\\)|\\s*\\(opens after the pages before it\\))?$`) });
}

/** The stepper as shown at the page's width: the side list, or on phones the list behind "Show all sections". */
async function stepper(page: Page): Promise<Locator> {
  const width = page.viewportSize()!.width;
  if (width < 1000) {
    const toggle = page.getByRole('button', { name: 'Show all sections' });
    await expect(toggle).toBeVisible();
    await toggle.click();
    await expect(page.getByRole('button', { name: 'Hide all sections' })).toHaveAttribute('aria-expanded', 'true');
  }
  const nav = page.getByRole('navigation', { name: 'Application sections' });
  await expect(nav).toBeVisible();
  await expect(nav.getByRole('link').first()).toBeVisible();
  return nav;
}

const cases = [
  {
    name: 'with a coborrower',
    persona: personas.find((p) => p.profile.hasCoborrower && !p.profile.selfEmployed)!,
    // Employment history, then the coborrower's, then other income.
    walk: [employment, coborrowerPages[0]!, otherIncome, coborrowerPages[1]!],
    // The pages open in order: saved up to the coborrower's employment, both other-income pages open.
    through: '/app/application/4/coborrower',
    shown: coborrowerPages,
    hidden: [businessInformation],
  },
  {
    name: 'self-employed',
    persona: personas.find((p) => p.profile.selfEmployed && !p.profile.hasCoborrower)!,
    walk: [employment, businessInformation, otherIncome],
    shown: [businessInformation],
    hidden: coborrowerPages,
  },
  {
    name: 'prime, neither',
    persona: personas.find((p) => p.email === 'prime@example.com')!,
    walk: [employment, otherIncome, '/app/application/debt-consolidation'],
    through: '/app/application/other-income',
    shown: [],
    hidden: [...coborrowerPages, businessInformation],
  },
];

for (const c of cases) {
  test(`the application's pages follow the loan: ${c.name}`, async ({ page }) => {
    requireRealServer();
    test.setTimeout(120_000);
    expect(c.persona, `a persona ${c.name} in fixtures/personas.json`).toBeDefined();
    const slug = c.persona.email.split('@')[0];

    await page.setViewportSize(viewports[0]);
    // The seeded persona's loan is shared with the application journeys that
    // run on the same worker's server: one of them may have left it at the
    // signing page, where the resume rule lands this sign-in, and that page's
    // disclosures are refused (400) until this journey has saved page 1.
    test.info().annotations.push(expectedConsoleError(/\/app\/application\/sign: Failed to load resource: the server responded with a status of 400 \(Bad Request\) \(.*\/api\/trpc\/application\.disclosures\)$/));
    await signInApplicant(page, c.persona.email);
    await expect(page).toHaveURL(/\/app\/application\//);
    if (c.through) {
      const p = personaOf(slug!);
      const co = p.answers.coborrower;
      // The coborrower's own account, at an address of this journey's: the
      // persona's is invited by other journeys on this worker's server to
      // newer loans, the one a coborrower account reaches.
      const [local, domain] = (co?.email ?? '').split('@');
      const email = `${local}+fp-${Date.now().toString(36)}@${domain}`;
      await saveApplicationThrough(page, p, c.through, {
        coborrower: co && { ...co, email, phone: '2065550144', dateOfBirth: '1984-10-02', ssn: '123450016', employerName: 'Evergreen School District' },
      });
      await page.reload();
    }

    // Desktop: the stepper beside the page lists exactly the loan's pages.
    let nav = await stepper(page);
    for (const p of c.shown) await expect(pageLink(nav, p), `${p} in the stepper`).toHaveCount(1);
    for (const p of c.hidden) await expect(pageLink(nav, p), `${p} not in the stepper`).toHaveCount(0);
    await expect(nav.locator('[aria-current="step"]')).toHaveCount(1);

    // From the walk's last page (reached through the stepper), Back retraces
    // the loan's own pages in order. (Continue saves a page's answers now,
    // so walking forward is the application journeys'.)
    // (A section of one page links to it by the section's name.)
    await nav.locator(`a[href="${c.walk[c.walk.length - 1]!}"]`).first().click();
    const back = [...c.walk].reverse();
    for (const [i, p] of back.entries()) {
      await expect(page).toHaveURL(new RegExp(`${escaped(p)}$`));
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      if (i === 1) {
        await expectNoSeriousA11yViolations(page);
        await screenshot(page, `funnel-pages-${slug}`);
      }
      if (i < back.length - 1) {
        // This page's own Back (to the walk's page before it), once the page
        // is on screen (while its code loads, its address shows the loader).
        const backLink = page.getByRole('link', { name: 'Back', exact: true });
        await expect(backLink).toHaveAttribute('href', back[i + 1]!);
        await backLink.click();
      }
    }

    // Phone: the same pages behind "Show all sections".
    await page.setViewportSize(viewports[1]);
    nav = await stepper(page);
    for (const p of c.shown) await expect(pageLink(nav, p)).toHaveCount(1);
    for (const p of c.hidden) await expect(pageLink(nav, p)).toHaveCount(0);
    await expectNoHorizontalScroll(page);
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `funnel-pages-${slug}`);
  });
}
