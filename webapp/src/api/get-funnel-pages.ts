import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from './client';
import type { components } from './schema.gen';

type Schemas = components['schemas'];

// funnel.pages: the pages of the current page's flow that this loan sees, in
// order, each with its state, and where Back and Continue go
// (data.heloc.funnel.pages). The server fills in a signed-in applicant's
// loan; a visitor without one sends the prequalification answers kept in
// their browser. The app keeps no list of its own: the stepper, the progress
// bar, Back and Continue render this answer. Types from the CUE schemas
// (#PagesInput, #PagesResult, #FunnelPage).

export type FunnelPagesInput = Schemas['PagesInput'];
export type PrequalAnswers = Schemas['PrequalAnswers'];
export type FunnelPages = Schemas['PagesResult'];
export type FunnelPage = Schemas['FunnelPage'];
export type FlowPage = FunnelPages['pages'][number];
export type PageState = FlowPage['state'];

const PROCEDURE = 'funnel.pages';

export async function getFunnelPages(input: FunnelPagesInput, { signal }: { signal?: AbortSignal } = {}): Promise<FunnelPages> {
  return api.query<FunnelPages>(PROCEDURE, input, { signal });
}

export function getFunnelPagesQueryOptions(input: FunnelPagesInput) {
  return queryOptions({
    queryKey: ['funnel', 'pages', input] as const,
    queryFn: ({ signal }) => getFunnelPages(input, { signal }),
    // While the next page's answer loads, the stepper keeps the last one
    // rather than flashing its skeleton on every step.
    placeholderData: keepPreviousData,
  });
}

export function useFunnelPages(input: FunnelPagesInput) {
  return useQuery(getFunnelPagesQueryOptions(input));
}
