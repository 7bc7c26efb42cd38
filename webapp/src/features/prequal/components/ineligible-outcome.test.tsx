import { screen, within } from '@testing-library/react';

import type { AdverseAction } from '@/api/get-adverse-action';
import { sessions } from '@/lib/auth/session-store';
import { ok, renderAt, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import { usePrequalStore } from '../stores/prequal-store';
import { IneligibleOutcome } from './ineligible-outcome';
import { rememberOutcome } from './outcome/remember-outcome';

const ana = { user: { id: 'u1', email: 'low-score+t@example.com', name: 'Ana Diaz', firstName: 'Ana', lastName: 'Diaz' }, expires: 'x' };

const notice: AdverseAction = {
  noticeId: 'n-42',
  date: '2026-11-25',
  reasons: ['Other: credit score below our minimum'],
  score: 610,
  scoreRange: { min: 300, max: 850 },
  scoreDate: '2026-11-24',
  keyFactors: ['Proportion of balances to credit limits is too high', 'Too many recent inquiries'],
  bureau: { name: 'Sandbox Credit Bureau', address: 'PO Box 1000, Atlanta, GA 30348', phone: '1-800-555-0100', website: 'www.sandbox-bureau.example' },
  creditor: { name: 'Keystone Home Equity', address: '100 Market Street, San Francisco, CA 94105', nmlsId: '1234567' },
  version: 'AAN-2026-11.1',
  reasonCodes: ['CREDIT_SCORE_BELOW_MINIMUM'],
  // The rules' wording (rules/heloc/notice/tables/data.yaml), as stored with the notice.
  wording: {
    heading: 'Notice of action taken',
    decision: 'Thank you for your request for a home equity line of credit. We are unable to offer you a line at this time.',
    reasonsHeading: 'Principal reasons for our decision',
    scoreHeading: 'Your credit score',
    scoreIntro: 'We also obtained your credit score from the consumer reporting agency named below and used it in making our credit decision.',
    noScore: 'The consumer reporting agency could not produce a credit score from your report.',
    keyFactorsHeading: 'Key factors that adversely affected your credit score',
    fcraHeading: 'Your rights under the Fair Credit Reporting Act',
    fcra: [
      'You have a right to a free copy of your report from the reporting agency, if you request it no later than 60 days after you receive this notice.',
      'If you find that any information contained in the report you receive is inaccurate or incomplete, you have the right to dispute the matter with the reporting agency.',
    ],
    ecoaHeading: 'Equal Credit Opportunity Act notice',
    ecoa: 'The Federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on the basis of race, color, religion, national origin, sex, marital status, age.',
    ecoaAgency: 'The Federal agency that administers compliance with this law concerning this creditor is:',
    agency: ['Federal Trade Commission', 'Equal Credit Opportunity', 'Washington, DC 20580'],
  },
};

const reason = 'Your credit score of 610 is below our minimum of 660 for a home equity line of credit.';

function signedIn(adverseAction: AdverseAction | null) {
  return stubTRPC(
    { 'system.info': () => ok(sandboxSystemInfo), 'prequal.adverseAction': () => ok(adverseAction) },
    { auth: { 'GET applicant/session': () => ({ body: ana }) } },
  );
}

describe('IneligibleOutcome', () => {
  beforeEach(() => {
    sessions.applicant.reset();
    usePrequalStore.getState().reset();
  });

  it('says why with the policy’s numbers, what would help, and shows the stored notice', async () => {
    rememberOutcome({ reasons: [reason] });
    signedIn(notice);
    renderAt('/app/ineligible/boost', <IneligibleOutcome reason="boost" />);

    expect(screen.getByRole('heading', { level: 1, name: 'Your credit doesn’t meet our minimum yet' })).toBeInTheDocument();
    const why = screen.getByRole('region', { name: 'Why' });
    expect(within(why).getByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'What could change the answer' })).toHaveTextContent('Pay every bill on time');

    const letter = await screen.findByRole('article', { name: 'Notice of action taken' });
    expect(within(letter).getByRole('region', { name: 'Principal reasons for our decision' })).toHaveTextContent(
      'Other: credit score below our minimum',
    );
    const score = within(letter).getByRole('region', { name: 'Your credit score' });
    expect(score).toHaveTextContent('Your credit score:610');
    expect(score).toHaveTextContent('from a low of 300 to a high of 850');
    expect(score).toHaveTextContent('November 24, 2026');
    expect(score).toHaveTextContent('Too many recent inquiries');
    const rights = within(letter).getByRole('region', { name: 'Your rights under the Fair Credit Reporting Act' });
    expect(rights).toHaveTextContent('Sandbox Credit Bureau');
    expect(rights).toHaveTextContent('(800) 555-0100');
    expect(rights).toHaveTextContent('no later than 60 days');
    expect(rights).toHaveTextContent('the right to dispute');
    const ecoa = within(letter).getByRole('region', { name: 'Equal Credit Opportunity Act notice' });
    expect(ecoa).toHaveTextContent('Federal Trade Commission');
    expect(ecoa).toHaveTextContent('Keystone Home Equity');
    expect(ecoa).toHaveTextContent('100 Market Street, San Francisco, CA 94105');
    expect(within(letter).getByRole('button', { name: 'Print this notice' })).toBeInTheDocument();
    expect(within(letter).getByText('Notice version AAN-2026-11.1')).toBeInTheDocument();
  });

  it('says nothing of a soft credit check or a score the applicant did not have checked', () => {
    stubTRPC({ 'system.info': () => ok(sandboxSystemInfo) }, { auth: { 'GET applicant/session': () => ({ body: {} }) } });
    renderAt('/app/ineligible/boost', <IneligibleOutcome reason="boost" />);
    expect(screen.getByRole('heading', { level: 1 })).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent(/soft credit check/i);
    expect(document.body).toHaveTextContent('the credit score on the credit report we obtained');
  });

  it('shows a notice stored before the rules gave its wording under its headings, with no statutory text of ours', async () => {
    const { version: _v, wording: _w, reasonCodes: _c, ...old } = notice;
    signedIn(old);
    renderAt('/app/ineligible/boost', <IneligibleOutcome reason="boost" />);
    const letter = await screen.findByRole('article', { name: 'Notice of action taken' });
    expect(within(letter).getByRole('region', { name: 'Principal reasons for our decision' })).toHaveTextContent('Other: credit score below our minimum');
    expect(within(letter).getByRole('region', { name: 'Your credit score' })).toHaveTextContent('Your credit score:610');
    expect(within(letter).getByRole('region', { name: 'Your rights under the Fair Credit Reporting Act' })).toHaveTextContent('Sandbox Credit Bureau');
    expect(within(letter).getByRole('region', { name: 'Equal Credit Opportunity Act notice' })).toHaveTextContent('Keystone Home Equity');
    expect(letter).not.toHaveTextContent(/Federal Trade Commission|60 days|Notice version/);
  });

  it('shows the notice again on a later visit without this browser’s reasons, its principal reasons saying why', async () => {
    signedIn({ ...notice, score: null, reasons: ['Limited credit experience'], keyFactors: [] });
    renderAt('/app/ineligible/boost', <IneligibleOutcome reason="boost" />);
    const letter = await screen.findByRole('article', { name: 'Notice of action taken' });
    expect(within(letter).getByText('The consumer reporting agency could not produce a credit score from your report.')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Why' })).getByText('Limited credit experience')).toBeInTheDocument();
  });

  it('does not take a record kept for a self-reported estimate as a decline', async () => {
    usePrequalStore.getState().update({ isAdverseAction: false, adverseActionMessage: 'Your home’s value and what you owe on it leave $4,000 to borrow.' });
    stubTRPC({ 'system.info': () => ok(sandboxSystemInfo) }, { auth: { 'GET applicant/session': () => ({ body: {} }) } });
    renderAt('/app/ineligible/low-equity', <IneligibleOutcome reason="low-equity" />);
    expect(await screen.findByRole('link', { name: 'Sign in to see it' })).toBeInTheDocument();
    expect(screen.queryByText(/leave \$4,000 to borrow/)).not.toBeInTheDocument();
  });

  it('on the late-payment page, shows the late payment the bureau reported, with its date', async () => {
    const late = 'Your credit report shows a mortgage payment made 30 or more days late in the last 12 months.';
    rememberOutcome({ reasons: [late] });
    stubTRPC(
      {
        'system.info': () => ok(sandboxSystemInfo),
        'prequal.adverseAction': () => ok({ ...notice, reasons: ['Delinquent past or present credit obligations with others'] }),
        'prequal.creditReport': () =>
          ok({
            pulledAt: '2026-11-25T10:00:00Z',
            kind: 'singleCredit',
            score: 705,
            scoreModel: 'FICO Score 8',
            scoreRange: { min: 300, max: 850 },
            keyFactors: [],
            bureau: notice.bureau,
            mortgages: [
              { id: 'm1', creditor: 'Sunshine Mortgage', balance: 240_000, monthlyPayment: 1800, dateOpened: '2015-01-01', latePaymentDays: 60, latePaymentDate: '2026-08-14' },
              { id: 'm2', creditor: 'Other Bank', balance: 20_000, monthlyPayment: 200, dateOpened: '2019-01-01', latePaymentDays: 0, latePaymentDate: null },
            ],
            liabilities: [],
          }),
      },
      { auth: { 'GET applicant/session': () => ({ body: ana }) } },
    );
    renderAt('/app/ineligible/late-payment', <IneligibleOutcome reason="late-payment" />);
    const report = await screen.findByRole('region', { name: 'On your credit report' });
    expect(report).toHaveTextContent('Sunshine Mortgage: a payment 60 days late on August 14, 2026.');
    expect(report).not.toHaveTextContent('Other Bank');
    expect(within(screen.getByRole('region', { name: 'Why' })).getByText(late)).toBeInTheDocument();
  });

  it('asks a visitor without the reasons to sign in to see the notice', async () => {
    stubTRPC({ 'system.info': () => ok(sandboxSystemInfo) }, { auth: { 'GET applicant/session': () => ({ body: {} }) } });
    renderAt('/app/ineligible/late-payment', <IneligibleOutcome reason="late-payment" />);
    expect(await screen.findByRole('link', { name: 'Sign in to see it' })).toHaveAttribute(
      'href',
      '/app/login?callbackUrl=%2Fapp%2Fineligible%2Flate-payment',
    );
  });
});
