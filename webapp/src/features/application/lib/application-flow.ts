// The full application's sections and pages. Labels and order come from the
// funnel policy (funnel.steps: sections and order); the app only knows which
// step each of its pages belongs to.

import type { FunnelSteps } from '@/api/types';
import { paths } from '@/config/paths';

/** The funnel step each application page belongs to (spec §2 resume table). */
export const applicationStepNames: Readonly<Record<string, string>> = {
  '1': 'application',
  '2': 'application3',
  '3': 'application4',
  '4': 'application5',
  '4/coborrower': 'application5',
  'other-income': 'manualIncomeVerification',
  'other-income/coborrower': 'manualIncomeVerification',
  'debt-consolidation': 'debtConsolidation',
  '6': 'application7',
  '7': 'application8',
  sign: 'disclosures',
  'income-verification': 'application6',
  'identity-verification': 'identityVerification',
  upload: 'incomeDocs',
  'loan-disbursement': 'loanDisbursement',
  submitted: 'applicationSubmitted',
};

export type Section = {
  step: string;
  label: string;
  /** The section's first page. */
  path: string;
};

export type ApplicationPage = {
  slug: string;
  path: string;
  step: string;
};

function byOrder(funnel: FunnelSteps) {
  return (a: string, b: string) => (funnel.order[a] ?? Infinity) - (funnel.order[b] ?? Infinity);
}

/** The application's pages in flow order: by their section's order number, then as listed above. */
export function applicationPages(funnel: FunnelSteps): ApplicationPage[] {
  const compare = byOrder(funnel);
  return Object.entries(applicationStepNames)
    .filter(([slug, step]) => funnel.sections[step] !== undefined && paths.application[slug] !== undefined)
    .map(([slug, step], position) => ({ slug, step, position, path: paths.application[slug]! }))
    .sort((a, b) => compare(a.step, b.step) || a.position - b.position)
    .map(({ slug, step, path }) => ({ slug, step, path }));
}

/** The sections the policy labels, in order, each with the page it starts on. */
export function applicationSections(funnel: FunnelSteps): Section[] {
  const pages = applicationPages(funnel);
  return Object.keys(funnel.sections)
    .sort(byOrder(funnel))
    .flatMap((step) => {
      const first = pages.find((p) => p.step === step);
      return first ? [{ step, label: funnel.sections[step]!, path: first.path }] : [];
    });
}

export type ApplicationPosition = {
  sections: Section[];
  /** The current page's section, -1 for pages outside the sections (summary, FAQs, ...). */
  sectionIndex: number;
  previous?: ApplicationPage;
  next?: ApplicationPage;
  isFirst: boolean;
};

export function applicationPosition(funnel: FunnelSteps, pathname: string): ApplicationPosition {
  const pages = applicationPages(funnel);
  const sections = applicationSections(funnel);
  const index = pages.findIndex((p) => p.path === pathname);
  const page = pages[index];
  return {
    sections,
    sectionIndex: page ? sections.findIndex((s) => s.step === page.step) : -1,
    previous: index > 0 ? pages[index - 1] : undefined,
    next: index >= 0 ? pages[index + 1] : undefined,
    isFirst: index === 0,
  };
}
