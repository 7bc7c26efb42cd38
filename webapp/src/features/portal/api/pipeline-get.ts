import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

// portal.pipeline: one page of the loans the portal user may see (their
// own only when their role is scoped to assigned loans), searched by the
// start of a name or e-mail, filtered, sorted, and paged by cursor.

type Schemas = components['schemas'];

export type PipelineInput = Schemas['PipelineInput'];
export type PipelineView = Schemas['PipelineView'];
export type PipelineRow = Schemas['PipelineRow'];
export type PipelineSort = Schemas['PipelineSort'];
export type StaffRef = Schemas['StaffRef'];

const PROCEDURE = 'portal.pipeline';

export async function getPipeline(input: PipelineInput, { signal }: { signal?: AbortSignal } = {}): Promise<PipelineView> {
  return api.query<PipelineView>(PROCEDURE, input, { signal });
}

/** Every page of the pipeline lies under this key: a change to a loan's team invalidates them all. */
export const pipelineQueryKey = ['portal', 'pipeline'] as const;

export function getPipelineQueryOptions(input: PipelineInput) {
  return queryOptions({
    queryKey: [...pipelineQueryKey, input],
    queryFn: ({ signal }) => getPipeline(input, { signal }),
    // The table keeps showing the last page while the next one loads.
    placeholderData: keepPreviousData,
  });
}

export function usePipeline(input: PipelineInput) {
  return useQuery(getPipelineQueryOptions(input));
}
