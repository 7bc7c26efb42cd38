import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// The application's question pages, by path: each is the default export of
// its file in features/application/components/pages, built on SectionPage
// (features/application/components/section-page.tsx), or of its file here
// when the page shows another feature's parts (the income documents, the
// submitted page with the loan team's conditions); loaded when its page is
// first shown. app/routes/application.tsx shows a page listed here
// under its heading, and the heading with Back and Continue alone for one
// not listed yet. One line per page; a page and its coborrower's twin share
// one component, so moving from one to the other does not suspend and keep
// the first page's form on screen while the second loads.

const employmentHistory = lazy(() => import('@/features/application/components/pages/employment-history'));
const otherIncome = lazy(() => import('@/features/application/components/pages/other-income'));

export const sectionPages: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  '/app/application/1': lazy(() => import('@/features/application/components/pages/personal-info')),
  '/app/application/2': lazy(() => import('@/features/application/components/pages/property-info')),
  '/app/application/3': lazy(() => import('@/features/application/components/pages/additional-real-estate')),
  '/app/application/4': employmentHistory,
  '/app/application/4/coborrower': employmentHistory,
  '/app/application/business-information': lazy(() => import('@/features/application/components/pages/business-information')),
  '/app/application/other-income': otherIncome,
  '/app/application/other-income/coborrower': otherIncome,
  '/app/application/debt-consolidation': lazy(() => import('@/features/application/components/pages/debt-consolidation')),
  '/app/application/6': lazy(() => import('@/features/application/components/pages/demographics')),
  '/app/application/7': lazy(() => import('@/features/application/components/pages/declarations')),
  '/app/application/upload': lazy(() => import('./upload')),
  '/app/application/income-verification': lazy(() => import('@/features/application/components/pages/income-verification')),
  '/app/application/application-summary': lazy(() => import('@/features/application/components/pages/application-summary')),
  '/app/application/identity-verification': lazy(() => import('@/features/application/components/pages/identity-verification')),
  '/app/application/loan-disbursement': lazy(() => import('@/features/application/components/pages/loan-disbursement')),
  '/app/application/submitted': lazy(() => import('./submitted')),
  '/app/application/sign': lazy(() => import('@/features/application/components/pages/sign')),
};
