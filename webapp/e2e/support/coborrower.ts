import type { Page } from '@playwright/test';

import { declarationsOf, mutate } from './application';
import { expect, trpcQuery } from './fixtures';
import { latestCode, latestLink } from './outbox';

// The coborrower acts for themselves (issue 23 item 4): the borrower sends
// the invitation, the coborrower opens its link in a browser of their own,
// signs in with the code e-mailed to them, and gives their own part there.

export type CoborrowerOwn = { email: string; firstName: string; lastName: string; dateOfBirth: string; ssn: string };

/** A page in a browser context of its own (the coborrower's cookies, not the borrower's), at the same server. */
export async function ownBrowser(page: Page): Promise<Page> {
  const origin = new URL(page.url()).origin;
  const context = await page.context().browser()!.newContext({ baseURL: origin });
  await context.setExtraHTTPHeaders({ 'X-Forwarded-For': '100.65.1.1' });
  return context.newPage();
}

/**
 * The coborrower, in `co`'s own browser: opens the invitation's link
 * (mailed to `email` by coborrower.invite), signs in with their own code
 * and lands on /app/coborrower.
 */
export async function coborrowerSignsIn(co: Page, email: string) {
  const link = await latestLink(co, email, '/app/login');
  await co.goto(link);
  await co.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await co.getByRole('button', { name: 'Continue' }).click();
  await expect(co.getByRole('heading', { level: 1, name: 'Enter your code' })).toBeVisible();
  await co.getByRole('textbox', { name: '6-digit code' }).fill(await latestCode(co, email));
  await co.getByRole('button', { name: 'Sign in' }).click();
  await expect(co).toHaveURL(/\/app\/coborrower$/);
}

/**
 * For journeys about the borrower's pages: the borrower invites the
 * coborrower (coborrower.invite), who signs in in a browser of their own
 * and gives, through the procedures their page calls, their credit check
 * authorization (which pulls their file and decides the offer again on
 * both reports), declarations, demographic information and signature.
 */
export async function coborrowerDoesTheirPart(page: Page, person: CoborrowerOwn) {
  await mutate(page, 'coborrower.invite');
  const co = await ownBrowser(page);
  try {
    await coborrowerSignsIn(co, person.email);
    await mutate(co, 'coborrower.authorize', { dateOfBirth: person.dateOfBirth, ssn: person.ssn, creditCheckAuthorization: true });
    await mutate(co, 'coborrower.declarations', declarationsOf());
    await mutate(co, 'coborrower.demographics', { wontInformEthinicity: true, wontInformRace: true, wontInformGender: true });
    // The disclosures, once the loan has an offer to sign for (a seeded persona's has none).
    if (!(await trpcQuery<{ canSign: boolean }>(co, 'coborrower.get')).canSign) return;
    const disclosures = await trpcQuery<{ documents: { id: string; hash: string }[] }>(co, 'coborrower.disclosures');
    await mutate(co, 'coborrower.sign', {
      consent: true,
      signatures: [{ party: 'coborrower', name: `${person.firstName} ${person.lastName}` }],
      documents: disclosures.documents.map((d) => ({ id: d.id, hash: d.hash })),
    });
  } finally {
    await co.context().close();
  }
}
