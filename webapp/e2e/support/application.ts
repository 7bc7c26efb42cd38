import type { Locator, Page } from '@playwright/test';

import { coborrowerDoesTheirPart } from './coborrower';
import { expect, trpcQuery } from './fixtures';
import {
  answerPropertyUsage,
  continueToPreviewOffer,
  freshEmail,
  prequalifiedApplicant,
  walkCreditToDecision,
  walkLanding,
  walkSelfReported,
  type Persona,
} from './personas';

// What the application journeys do on the full application's pages, as a
// person does it: by the labels, roles and names the pages show.

/** From the home page to /app/application/1 as a new applicant like the persona. */
export async function walkToApplication(page: Page, p: Persona, email = freshEmail(p)) {
  await walkLanding(page, p, email);
  await walkSelfReported(page, p);
  await answerPropertyUsage(page);
  await walkCreditToDecision(page, p);
  await expect(page).toHaveURL(/\/app\/initial-setup\/preview-offer$/);
  await page.getByRole('button', { name: 'Continue to the application' }).click();
  await expect(page).toHaveURL(/\/app\/application\/1$/);
}

/**
 * To /app/application/1 as a new applicant like the persona, for journeys
 * about what comes after prequalification: the account and the answers
 * through the procedures the landing and initial-setup pages call
 * (prequalifiedApplicant, signed in on the sign-in page), then in the
 * browser Continue on the mortgage page to the preview offer and "Continue
 * to the application". The pages skipped are walked in the browser by
 * walkToApplication's journeys (application-journey.spec.ts), personas.spec.ts
 * and prequal-questions.spec.ts.
 */
export async function startApplication(page: Page, p: Persona, email = freshEmail(p)) {
  await prequalifiedApplicant(page, p, email);
  await continueToPreviewOffer(page);
  await expect(page).toHaveURL(/\/app\/initial-setup\/preview-offer$/);
  await page.getByRole('button', { name: 'Continue to the application' }).click();
  await expect(page).toHaveURL(/\/app\/application\/1$/);
}

/** Answers the single-choice question (a radio group named by it) in scope. */
export async function choose(scope: Locator | Page, question: string | RegExp, answer: string) {
  await scope.getByRole('radiogroup', { name: question }).getByRole('radio', { name: answer, exact: true }).check();
}

/**
 * A person's block of page 1, everything but the date of birth, with an
 * address of 6 years. The coborrower's block has no SSN (they give it in
 * their own sign-in): `ssn: null`.
 */
export async function fillPerson(block: Locator, { ssn, phone, email }: { ssn: string | null; phone?: string; email?: string }) {
  if (ssn !== null) await block.getByRole('textbox', { name: 'Social Security number' }).pressSequentially(ssn);
  if (phone) {
    await block.getByRole('textbox', { name: 'Phone number' }).fill('');
    await block.getByRole('textbox', { name: 'Phone number' }).pressSequentially(phone);
  }
  if (email !== undefined) await block.getByRole('textbox', { name: 'E-mail address' }).fill(email);
  await choose(block, 'Citizenship', 'U.S. citizen');
  await choose(block, 'Marital status', 'Married');
  await choose(block, 'Military service', 'I have not served');
  await block.getByRole('textbox', { name: 'Current address: street address' }).fill('1200 Alder Street');
  await block.getByRole('textbox', { name: 'Current address: city' }).fill('Seattle');
  await block.getByRole('textbox', { name: 'Current address: state' }).fill('WA');
  await block.getByRole('textbox', { name: 'Current address: ZIP code' }).fill('98101');
  await choose(block, 'Do you own or rent your current home?', 'Currently Own');
  await block.getByRole('textbox', { name: 'Living at the current address since' }).pressSequentially('06012019');
  await choose(block, 'Is the mailing address different from the current address?', 'No');
}

/** Page 2, a single-family primary home held jointly, taxes and insurance escrowed. */
export async function fillPropertyInfo(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Tell us about the property' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Property address: street address' }).fill('1200 Alder Street');
  await page.getByRole('textbox', { name: 'Property address: city' }).fill('Seattle');
  await page.getByRole('textbox', { name: 'Property address: state' }).fill('WA');
  await page.getByRole('textbox', { name: 'Property address: ZIP code' }).fill('98101');
  await choose(page, 'Property type', 'Single-family home');
  await choose(page, 'Number of units', '1 (Single Family, Condo)');
  await choose(page, 'How do you use the property?', 'Primary Home');
  await choose(page, 'How is title held?', 'Joint tenants');
  await choose(page, 'Is the property held in a trust?', 'No');
  await page.getByRole('textbox', { name: 'HOA dues per month' }).pressSequentially('0');
  await page.getByRole('textbox', { name: 'Property taxes per month' }).pressSequentially('540');
  await page.getByRole('textbox', { name: 'Homeowners insurance per month' }).pressSequentially('125');
  await choose(page, /property taxes included/, 'Yes');
  await choose(page, /insurance included/, 'Yes');
}

/** MM/YYYY of a month `back` months before now. */
export function monthsAgo(back: number): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - back);
  return `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
}

/** One employer's block of page 4. */
export async function fillEmployer(
  employer: Locator,
  job: { name: string; position: string; start: string; end?: string; selfEmployed: boolean; base: string },
) {
  await employer.getByRole('textbox', { name: 'Employer or business name' }).fill(job.name);
  await employer.getByRole('textbox', { name: 'Position or title' }).fill(job.position);
  await employer.getByRole('textbox', { name: /Start date/ }).fill(job.start);
  if (job.end) await employer.getByRole('textbox', { name: /End date/ }).fill(job.end);
  else await employer.getByRole('checkbox', { name: 'I work here now' }).check();
  await employer.getByRole('radiogroup', { name: 'Is this self-employment?' }).getByRole('radio', { name: job.selfEmployed ? 'Yes' : 'No' }).check();
  if (job.selfEmployed) {
    await employer.getByRole('radio', { name: '25% or more' }).check();
    await employer.getByRole('radio', { name: 'Limited liability company (LLC)' }).check();
  }
  await employer.getByRole('textbox', { name: 'Base pay per month' }).fill(job.base);
}

/** The stepper at the page's width: the side list, or on phones the list behind "Show all sections". */
export async function stepper(page: Page): Promise<Locator> {
  if (page.viewportSize()!.width < 1000) {
    const toggle = page.getByRole('button', { name: 'Show all sections' });
    if (await toggle.isVisible()) await toggle.click();
  }
  const nav = page.getByRole('navigation', { name: 'Application sections' });
  await expect(nav).toBeVisible();
  return nav;
}

export async function expectDone(page: Page, sections: string[]) {
  const nav = await stepper(page);
  // A section of two pages (the coborrower's employment) has a link for each.
  for (const s of sections) await expect(nav.getByRole('link', { name: new RegExp(`^${s}\\s*\\(done\\)$`, 'i') }).first()).toBeVisible();
}

export async function expectNotDone(page: Page, section: string) {
  const nav = await stepper(page);
  await expect(nav.getByRole('link', { name: new RegExp(`^${section}\\s*\\(done\\)$`, 'i') })).toHaveCount(0);
}

/** A region of the page by its name (a person's block of questions). */
export function region(page: Page, name: string | RegExp): Locator {
  return page.getByRole('region', { name });
}

/** Gives every yes/no question in scope the same answer. */
export async function answerAll(scope: Locator, answer: 'Yes' | 'No') {
  const groups = scope.getByRole('radiogroup');
  await expect(groups.first()).toBeVisible(); // the questions render once the saved answers load
  for (const group of await groups.all()) await group.getByRole('radio', { name: answer, exact: true }).check();
}

/** The stepper's link to a page, by its title (routes.json), opened first on phones. */
export async function stepperLink(page: Page, title: string): Promise<Locator> {
  if (page.viewportSize()!.width < 1000) {
    // On phones the sections are behind a toggle, closed on each page.
    const toggle = page.getByRole('button', { name: /^(Show|Hide) all sections$/ });
    await expect(toggle).toBeVisible();
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }
  const nav = page.getByRole('navigation', { name: 'Application sections' });
  return nav.getByRole('link', { name: new RegExp(`^${title}(\\s*\\(done\\))?$`, 'i') }).first();
}

let scans = 0;

/**
 * A grey PNG of 400 × 300 pixels, as a phone's camera would hand over a
 * photo (smaller): the server refuses an image under 300 pixels on its
 * shorter side as too small to read. Each call is a different file (a
 * counter after the image's end, which viewers ignore), as no two photos
 * are alike: the server refuses one person's same file twice.
 */
export function scanPng(): Buffer {
  scans += 1;
  return Buffer.concat([scanImage, Buffer.from(`photo ${scans}`)]);
}

const scanImage = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAZAAAAEsCAAAAADI3LoeAAABrUlEQVR42u3RAQ0AAAzCMPyrRAo2/qSTsKY6VSwAIiBABASIgAARECACIiBABASIgAARECACIiBABASIgAARECACIiBABASIgAARECACIiBABASIgAARECACIiBABASIgAARECACIiBABASIgAARECACIiBABASIgAARECACIiBABASIgAARECACIiBABASIgAARECACAkRABASIgAARECACAkRABASIgAARECACAkRABASIgAARECACAkRABASIgAARECACAkRABASIgAARECACAkRABASIgAARECACAkRABASIgAARECACAkRABASIgAARECACAkRABASIgAARECACAkRAgAiIgAARECACAkRAgAiIgAARECACAkRAgAiIgAARECACAkRAgAiIgAARECACAkRAgAiIgAARECACAkRAgAiIgAARECACAkRAgAiIgAARECACAkRAgAiIgAARECACAkRAgAiIgAARECACAkRAgAgIEAuACAgQAQEiIEAEBIiACAgQAQEiIEAEBIiACAgQAQEiIEAEBIiACAgQAQEiIEAEBIiACAgQAfnbAEloQAd+bH7qAAAAAElFTkSuQmCC',
  'base64',
);

/** Picks `count` photos at once through a button that opens the file chooser (the camera on a phone), as a person does. */
export async function pickFiles(page: Page, button: Locator, count: number) {
  const chooser = page.waitForEvent('filechooser');
  await button.click();
  const stamp = Date.now().toString(36);
  await (await chooser).setFiles(
    Array.from({ length: count }, (_, i) => ({ name: `photo-${stamp}-${i + 1}.png`, mimeType: 'image/png', buffer: scanPng() })),
  );
}

/** A mutation from the page, with the headers every mutation carries; fails the test on an error answer. */
export async function mutate<T = unknown>(page: Page, procedure: string, input?: unknown): Promise<T> {
  const answer = await page.evaluate(
    async ({ procedure, input }) => {
      const res = await fetch(`/api/trpc/${procedure}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-Same-Origin': '1', 'X-Recaptcha-Token': 'sandbox.api_update' },
        body: input === undefined ? undefined : JSON.stringify(input),
      });
      return res.json();
    },
    { procedure, input },
  );
  expect(answer.result, `${procedure}: ${JSON.stringify(answer)}`).toBeTruthy();
  return answer.result.data as T;
}

/** application.save of one page's section, as its form sends it. */
export async function saveSection(page: Page, path: string, section: object) {
  return mutate(page, 'application.save', { path, section });
}

type Person = { firstName: string; lastName: string; phone: string; dateOfBirth: string; ssn: string };

/** Page 1's part for one person, living at the property (its ZIP code and that code's state) for ten years. */
export function personalInfoOf(person: Person, zip: string, state: string) {
  return {
    firstName: person.firstName,
    lastName: person.lastName,
    dateOfBirth: person.dateOfBirth,
    ssn: person.ssn,
    citizenship: 'usCitizen',
    maritalStatus: 'married',
    militaryStatus: 'none',
    phone: person.phone,
    currentAddress: { line1: '1200 Alder Street', city: 'San Francisco', state, zip },
    currentAddressSince: '2015-06-01',
    housing: 'Own',
    formerAddresses: [],
    mailingAddress: null,
  };
}

/** One current, salaried job entered by hand. */
export function employmentOf(employerName: string, position = 'Senior Data Analyst') {
  return {
    employments: [{ employerName, position, startDate: '2017-03-01', endDate: null, selfEmployedIndicator: false, base: 17500, dataSource: 'Manual' }],
    employmentGaps: [],
  };
}

const declarationKeys = [
  'hasIntentToOccupy', 'hasBorrowedThirdPartyMoney', 'wantsAnotherMortgage', 'wantsAnotherLoan', 'isPropertySubjectToLien',
  'isGuarantorOrCosigor', 'hasOustandingJudgements', 'hasFederalDebt', 'hasConveyedForeclosure', 'doneShortSale', 'hasForeclosure',
  'hasBankruptcy', 'isPartyToLawsuit', 'onwershipInterest', 'hasSpecialBorrowerSellerRelationship',
];

/** Page 7's part for one person: No to each, living in the home, the credit check authorized. */
export function declarationsOf() {
  return { ...Object.fromEntries(declarationKeys.map((k) => [k, false])), hasIntentToOccupy: true, creditCheckAuthorization: true };
}

const declined = { wontInformEthinicity: true, wontInformRace: true, wontInformGender: true };

export type Coborrower = Person & { email: string; employerName: string; position?: string };

/**
 * Saves the application's pages in the funnel's order, through the
 * procedures their forms call, up to and including `through` (from `from`
 * when a journey filled the pages before it in by hand): the pages open one
 * after another, so a journey about a later page walks there the way the
 * pages do (its own journey fills each page in by hand).
 */
export async function saveApplicationThrough(
  page: Page,
  p: Persona,
  through: string,
  {
    employerName = 'Initech',
    coborrower,
    from,
    coborrowerActs = true,
  }: { employerName?: string; coborrower?: Coborrower; from?: string; coborrowerActs?: boolean } = {},
) {
  const you = { ...p, ...p.identity };
  // The home's state is its ZIP code's, as the licensing policy looks it up (pages 1 and 2 refuse another).
  const { state } = await trpcQuery<{ state: string }>(page, 'licensing.lookup', { zip: p.answers.zip });
  // The coborrower's date of birth and SSN are theirs to give, in their own sign-in.
  const co = coborrower ? { ...personalInfoOf(coborrower, p.answers.zip, state), dateOfBirth: undefined, ssn: undefined, email: coborrower.email } : null;
  const steps: [string, object][] = [
    ['/app/application/1', { user: personalInfoOf(you, p.answers.zip, state), coborrower: co }],
    ['/app/application/2', { property: {
      address: { line1: '1200 Alder Street', city: 'San Francisco', state, zip: p.answers.zip }, type: 'singleFamily', units: '1',
      usage: 'primaryResidence', titleHolding: 'soleOwnership', hoaMonthly: 0, monthlyTaxes: 540, monthlyInsurance: 125,
      taxIncludedInMonthlyPayment: true, insuranceIncludedInMonthlyPayment: true,
    }, isInTrust: false }],
    ['/app/application/3', { propertyOwnerships: [] }],
    ['/app/application/4', employmentOf(employerName)],
    ...(coborrower ? [['/app/application/4/coborrower', employmentOf(coborrower.employerName, coborrower.position)] as [string, object]] : []),
    ['/app/application/other-income', { incomeSources: [] }],
    ...(coborrower ? [['/app/application/other-income/coborrower', { incomeSources: [] }] as [string, object]] : []),
    ['/app/application/debt-consolidation', { liabilities: [] }],
    ['/app/application/6', { user: declined }],
    ['/app/application/7', { user: declarationsOf() }],
  ];
  const first = from === undefined ? 0 : steps.findIndex(([path]) => path === from);
  const last = steps.findIndex(([path]) => path === through);
  if (first < 0 || last < 0) throw new Error(`${first < 0 ? from : through} is not a page saveApplicationThrough knows`);
  for (const [path, section] of steps.slice(first, last + 1)) {
    await saveSection(page, path, section);
    // The coborrower gives their own part, in their own sign-in, once page 1 names them.
    if (path === '/app/application/1' && coborrower && coborrowerActs) await coborrowerDoesTheirPart(page, coborrower);
  }
}

/**
 * The two pages after declarations, through the procedures their pages
 * call: the disclosures signed by the borrower (and coborrower), and pay
 * documents chosen to verify income. The loan then stands at identity
 * verification.
 */
export async function signAndChooseDocuments(page: Page, names: Signer[]) {
  await signDisclosures(page, names);
  for (const { party } of names) await mutate(page, 'verification.incomeDocuments', { party });
}

type Signer = { party: 'borrower' | 'coborrower'; name: string };

/**
 * The disclosures as they are now, read and signed by the borrower with
 * their typed name (a coborrower signs in their own sign-in:
 * coborrowerDoesTheirPart).
 */
export async function signDisclosures(page: Page, names: Signer[]) {
  const disclosures = await trpcQuery<{ documents: { id: string; hash: string }[] }>(page, 'application.disclosures');
  await mutate(page, 'application.sign', {
    consent: true,
    signatures: names.filter((n) => n.party === 'borrower'),
    documents: disclosures.documents.map((d) => ({ id: d.id, hash: d.hash })),
  });
}

/** A photo (scanPng) uploaded as a document, as the upload page sends it. */
export async function uploadPhoto(page: Page, type: string, side?: 'front' | 'back', party: 'borrower' | 'coborrower' = 'borrower') {
  const status = await page.evaluate(
    async ({ type, side, party, png }) => {
      const bytes = Uint8Array.from(atob(png), (c) => c.charCodeAt(0));
      const form = new FormData();
      form.append('type', type);
      form.append('party', party);
      if (side) form.append('side', side);
      form.append('file', new Blob([bytes], { type: 'image/png' }), `${type}${side ? `-${side}` : ''}.png`);
      const res = await fetch('/api/documents', {
        method: 'POST',
        headers: { 'X-Same-Origin': '1', 'X-Recaptcha-Token': 'sandbox.api_update' },
        body: form,
      });
      return { status: res.status, body: await res.text() };
    },
    { type, side, party, png: scanPng().toString('base64') },
  );
  expect(status.status, `upload ${type}: ${status.body}`).toBe(200);
}

/** The identity check of one person with a photo of their passport's front, as the identity page does it. */
export async function verifyPassport(page: Page, party: 'borrower' | 'coborrower' = 'borrower') {
  await uploadPhoto(page, 'idDocument', 'front', party);
  await mutate(page, 'verification.identity', { party, idType: 'passport' });
}

type MissingDocuments = {
  requirements: { documents: { borrower: { type: string; missing: number; condition?: { id: string } }[] } };
};

/**
 * Uploads what the documents policy still asks of the borrower: each
 * document missing, as photos (an ID's two sides are checked apart, and a
 * document a condition asks for is the condition's).
 */
export async function uploadMissing(page: Page) {
  const docs = await trpcQuery<MissingDocuments>(page, 'documents.list');
  for (const d of docs.requirements.documents.borrower) {
    if (d.type === 'idDocument' || d.condition) continue;
    for (let i = 0; i < d.missing; i++) await uploadPhoto(page, d.type);
  }
}

/**
 * After the disclosures are signed, the borrower's steps to submission
 * through the procedures their pages call (each page has its own journey):
 * the ID checked, the documents uploaded, the funds' account and the
 * smallest first draw saved, and the application submitted.
 */
export async function submitAfterSigning(page: Page, p: Pick<Persona, 'firstName' | 'lastName'>) {
  await verifyPassport(page);
  await uploadMissing(page);
  await mutate(page, 'documents.complete');
  const terms = await trpcQuery<{ minimumDraw: number }>(page, 'application.drawTerms');
  await saveSection(page, '/app/application/loan-disbursement', {
    disbursement: {
      accountHolderName: `${p.firstName} ${p.lastName}`,
      accountType: 'checking',
      routingNumber: '021000021',
      accountNumber: '000123456789',
      initialDraw: terms.minimumDraw,
    },
  });
  await mutate(page, 'application.submit');
}
