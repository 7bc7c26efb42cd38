// Which page follows which in the prequalification funnels. The order comes
// from the funnel policy (funnel.steps); the app only knows which step name
// each of its pages stands for.

import type { FunnelSteps } from '@/api/types';
import { findRoute, INITIAL_SETUP_PREFIX, paths, PREQUAL_PREFIX } from '@/config/paths';

/** The funnel step (spec §2 "Funnel step names") each initial-setup page asks. */
export const initialSetupStepNames: Readonly<Record<string, string>> = {
  'credit-income': 'annualIncome',
  'property-value': 'propertyValue',
  'mortgage-estimate': 'mortgageEstimate',
  'has-fbm': 'hasFbm',
  'is-self-employed': 'isSelfEmployed',
  'credit-range': 'creditRange',
  zip: 'zip',
  'property-usage': 'propertyUsage',
  'credit-score': 'creditScore',
  coborrower: 'coborrower',
  'mortgage-balance': 'mortgageBalance',
  'preview-offer': 'previewOffer',
};

export type FunnelKind = 'initialSetup' | 'prequal';

export type FlowStep = {
  slug: string;
  path: string;
  label: string;
};

export type FlowPosition = {
  steps: FlowStep[];
  /** 0-based; -1 when the page is not one of the steps the policy returned. */
  index: number;
  previous?: FlowStep;
  next?: FlowStep;
};

/** The initial-setup pages whose steps the policy orders, earliest first. */
export function initialSetupFlow(funnel: FunnelSteps): FlowStep[] {
  return Object.entries(initialSetupStepNames)
    .filter(([slug, step]) => paths.initialSetup[slug] !== undefined && funnel.order[step] !== undefined)
    .map(([slug, step], position) => ({ slug, step, position, order: funnel.order[step]! }))
    .sort((a, b) => a.order - b.order || a.position - b.position)
    .map(({ slug }) => {
      const path = paths.initialSetup[slug]!;
      return { slug, path, label: findRoute(path)?.title ?? slug };
    });
}

/** The /prequal pages, in the order the policy lists them. */
export function prequalFlow(funnel: FunnelSteps): FlowStep[] {
  return funnel.prequalSteps
    .filter((s) => paths.prequal[s.slug] !== undefined)
    .map((s) => ({ slug: s.slug, path: paths.prequal[s.slug]!, label: s.label }));
}

export function funnelKindOf(pathname: string): FunnelKind | undefined {
  if (pathname.startsWith(INITIAL_SETUP_PREFIX)) return 'initialSetup';
  if (pathname.startsWith(PREQUAL_PREFIX)) return 'prequal';
  return undefined;
}

export function flowPosition(funnel: FunnelSteps, kind: FunnelKind, pathname: string): FlowPosition {
  const steps = kind === 'initialSetup' ? initialSetupFlow(funnel) : prequalFlow(funnel);
  const index = steps.findIndex((s) => s.path === pathname);
  return {
    steps,
    index,
    previous: index > 0 ? steps[index - 1] : undefined,
    next: index >= 0 ? steps[index + 1] : undefined,
  };
}
