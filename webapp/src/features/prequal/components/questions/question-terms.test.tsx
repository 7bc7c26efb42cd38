import { screen } from '@testing-library/react';
import type { ReactElement } from 'react';

import type { FunnelPage, FunnelPages } from '@/api/get-funnel-pages';
import { loadValidators } from '@/lib/schema-resolver';
import { ok, renderRoutes, sandboxSystemInfo, stubTRPC } from '@/testing/test-utils';

import type { QuestionTerms } from '../../api/get-question-terms';
import { CreditRangePage } from './credit-range';
import { HasFbmPage } from './has-fbm';
import { ListedForSalePage } from './listed-for-sale';

// The questions whose answers the eligibility rules read as given name the
// rules' table values (prequal.questions): a compliance change of the table
// changes the question the page asks, with no change of the webapp.

function pages(path: string): FunnelPages {
  const page: FunnelPage = { path, label: path, area: 'initialSetup', step: path, section: null, order: null };
  return { area: 'initialSetup', pages: [{ ...page, state: 'current', open: true }], previous: null, next: null, progress: { step: 1, of: 1 } };
}

const changed: QuestionTerms = {
  fbmYears: 7,
  listedForSaleMonths: 12,
  creditRanges: [
    { range: 'excellent', min: 760, max: 850, label: '760 or above' },
    { range: 'good', min: 700, max: 759, label: '700 to 759' },
    { range: 'fair', min: 660, max: 699, label: '660 to 699' },
    { range: 'poor', min: 300, max: 659, label: 'below 660' },
  ],
};

function show(path: string, element: ReactElement, terms: QuestionTerms) {
  stubTRPC({
    'system.info': () => ok(sandboxSystemInfo),
    'funnel.pages': () => ok(pages(path)),
    'prequal.answers': () => ok({ answers: {}, applicationStatus: null }),
    'prequal.questions': () => ok(terms),
  }, { auth: { 'GET applicant/session': () => ({ body: {} }), 'GET applicant/csrf': () => ({ body: { csrfToken: 'csrf-1' } }) } });
  renderRoutes(path, [{ path, element }]);
}

describe('the questions name the rules’ table values', () => {
  beforeAll(() => loadValidators(), 30_000);

  it('has-fbm asks about the look-back the server’s rules read', async () => {
    show('/app/initial-setup/has-fbm', <HasFbmPage />, changed);
    expect(await screen.findByText('In the last 7 years:')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Any foreclosure, bankruptcy or loan modification in the last 7 years?');
  });

  it('listed-for-sale names the table’s months in its question', async () => {
    show('/prequal/listed-for-sale', <ListedForSalePage />, changed);
    expect(await screen.findByRole('radiogroup', { name: 'Has your home been listed for sale in the last 12 months?' })).toBeInTheDocument();
  });

  it('credit-range offers the table’s bands, the lowest named by its scores', async () => {
    show('/app/initial-setup/credit-range', <CreditRangePage />, changed);
    const group = await screen.findByRole('radiogroup', { name: 'Your credit score range' });
    expect(await screen.findByText('760 or above')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: /Below 660/ })).toBeInTheDocument();
    expect(group).toHaveTextContent('700 to 759');
    expect(screen.getByText(/Your best guess is fine: Excellent \(760 or above\), Good \(700 to 759\), Fair \(660 to 699\) or Below 660\./)).toBeInTheDocument();
  });

  it('before the server answers, the build’s words from the same table', async () => {
    show('/prequal/listed-for-sale', <ListedForSalePage />, { fbmYears: null, listedForSaleMonths: null, creditRanges: [] });
    expect(await screen.findByRole('radiogroup', { name: 'Has your home been listed for sale in the last 6 months?' })).toBeInTheDocument();
  });
});
