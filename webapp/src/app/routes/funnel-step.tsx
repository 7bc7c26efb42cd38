import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import { useLocation } from 'react-router';

import { PageLoader } from '@/components/layouts/page-loader';
import { PageSuspense } from '@/components/layouts/page-suspense';
import { FunnelStepPage } from '@/features/prequal/components/funnel-step-page';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

/**
 * A question page whose code loads when first needed: `Lazy` loads it when
 * rendered, `load()` ahead of that (the first page of a visit, before
 * hydration: src/start-app.tsx), and once loaded `loaded` is the page itself.
 */
export type Page = {
  readonly Lazy: LazyExoticComponent<ComponentType>;
  readonly load: () => Promise<ComponentType>;
  loaded?: ComponentType;
};

// One chunk per question page, loaded when its step is shown: a step change
// fetches that page's code and no other. The slug is the path's last
// segment; the funnels share the pages they have in common.
function page<K extends string>(importPage: () => Promise<Record<K, ComponentType>>, name: K): Page {
  let loading: Promise<ComponentType> | undefined;
  const p: Page = {
    load: () =>
      (loading ??= importPage().then(
        (m) => {
          p.loaded = m[name];
          return m[name];
        },
        (err: unknown) => {
          // Not kept: the next load tries again.
          loading = undefined;
          throw err;
        },
      )),
    Lazy: lazy(async () => ({ default: await p.load() })),
  };
  return p;
}

const creditCheck = page(() => import('@/features/prequal/components/questions/credit-score'), 'CreditScorePage');
const mortgages = page(() => import('@/features/prequal/components/questions/mortgage-balance'), 'MortgageBalancePage');

/** The question page of each slug. */
export const funnelPages: Readonly<Record<string, Page>> = {
  // Landing funnel (/start/*).
  name: page(() => import('@/features/prequal/components/questions/name'), 'NamePage'),
  email: page(() => import('@/features/prequal/components/questions/email'), 'EmailPage'),
  phone: page(() => import('@/features/prequal/components/questions/phone'), 'PhonePage'),
  'contact-information': page(() => import('@/features/prequal/components/questions/contact-information'), 'ContactInformationPage'),
  'annual-income': page(() => import('@/features/prequal/components/questions/annual-income'), 'AnnualIncomePage'),
  'monthly-debts': page(() => import('@/features/prequal/components/questions/monthly-debts'), 'MonthlyDebtsPage'),
  'desired-amount': page(() => import('@/features/prequal/components/questions/desired-amount'), 'DesiredAmountPage'),
  'loan-reason': page(() => import('@/features/prequal/components/questions/loan-reason'), 'LoanReasonPage'),
  // Initial setup (/app/initial-setup/*).
  'credit-income': page(() => import('@/features/prequal/components/questions/credit-income'), 'CreditIncomePage'),
  'property-value': page(() => import('@/features/prequal/components/questions/property-value'), 'PropertyValuePage'),
  'mortgage-estimate': page(() => import('@/features/prequal/components/questions/mortgage-estimate'), 'MortgageEstimatePage'),
  'has-fbm': page(() => import('@/features/prequal/components/questions/has-fbm'), 'HasFbmPage'),
  'is-self-employed': page(() => import('@/features/prequal/components/questions/is-self-employed'), 'IsSelfEmployedPage'),
  'credit-range': page(() => import('@/features/prequal/components/questions/credit-range'), 'CreditRangePage'),
  zip: page(() => import('@/features/prequal/components/questions/zip'), 'ZipPage'),
  'property-usage': page(() => import('@/features/prequal/components/questions/property-usage'), 'PropertyUsagePage'),
  'credit-score': creditCheck,
  coborrower: page(() => import('@/features/prequal/components/questions/coborrower'), 'CoborrowerPage'),
  'mortgage-balance': mortgages,
  // /prequal/*.
  address: page(() => import('@/features/prequal/components/questions/address'), 'AddressPage'),
  'listed-for-sale': page(() => import('@/features/prequal/components/questions/listed-for-sale'), 'ListedForSalePage'),
  'subject-to-mortgage': page(() => import('@/features/prequal/components/questions/subject-to-mortgage'), 'SubjectToMortgagePage'),
  'credit-check': creditCheck,
  'mortgage-select': mortgages,
  debts: page(() => import('@/features/prequal/components/questions/debts'), 'DebtsPage'),
  // The offers (helper pages of the offer feature).
  'pre-offer': page(() => import('@/features/prequal/components/offer'), 'PreOfferPage'),
  'preview-offer': page(() => import('@/features/prequal/components/offer'), 'PreviewOfferPage'),
  'best-offer-summary': page(() => import('@/features/prequal/components/offer'), 'BestOfferSummaryPage'),
  'after-offer': page(() => import('@/features/prequal/components/offer'), 'AfterOfferPage'),
};

function slugOf(pathname: string): string {
  return pathname.split('/').filter(Boolean).pop() ?? '';
}

export default function FunnelStepRoute() {
  useRouteDocumentTitle();
  const { pathname } = useLocation();
  const entry = funnelPages[slugOf(pathname)];
  // A page of the table without a question page of its own shows its heading and the way on.
  if (!entry) return <FunnelStepPage />;
  // Its code already loaded (loaded before hydration, or shown before), the
  // page renders at once, in the same pass as the rest.
  const Page = entry.loaded ?? entry.Lazy;
  return (
    <PageSuspense fallback={<PageLoader />}>
      <Page key={pathname} />
    </PageSuspense>
  );
}
