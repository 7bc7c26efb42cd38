import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// The application's question pages, by path: each is the default export of
// its file here, built on SectionPage (../section-page.tsx), loaded when its
// page is first shown. app/routes/application.tsx shows a page listed here
// under its heading, and the heading with Back and Continue alone for one
// not listed yet. One line per page; a page and its coborrower's twin share
// one component, so moving from one to the other does not suspend and keep
// the first page's form on screen while the second loads.

const employmentHistory = lazy(() => import('./employment-history'));
const otherIncome = lazy(() => import('./other-income'));

export const sectionPages: Readonly<Record<string, LazyExoticComponent<ComponentType>>> = {
  '/app/application/1': lazy(() => import('./personal-info')),
  '/app/application/2': lazy(() => import('./property-info')),
  '/app/application/3': lazy(() => import('./additional-real-estate')),
  '/app/application/4': employmentHistory,
  '/app/application/4/coborrower': employmentHistory,
  '/app/application/business-information': lazy(() => import('./business-information')),
  '/app/application/other-income': otherIncome,
  '/app/application/other-income/coborrower': otherIncome,
  '/app/application/debt-consolidation': lazy(() => import('./debt-consolidation')),
  '/app/application/6': lazy(() => import('./demographics')),
  '/app/application/7': lazy(() => import('./declarations')),
  '/app/application/upload': lazy(() => import('./upload')),
  '/app/application/income-verification': lazy(() => import('./income-verification')),
  '/app/application/application-summary': lazy(() => import('./application-summary')),
  '/app/application/identity-verification': lazy(() => import('./identity-verification')),
  '/app/application/loan-disbursement': lazy(() => import('./loan-disbursement')),
  '/app/application/submitted': lazy(() => import('./submitted')),
  '/app/application/sign': lazy(() => import('./sign')),
};
