import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { expectShape, is } from '@/api/shape';

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

const isRow = is.shape({
  loanId: is.string,
  borrowerName: is.string,
  borrowerEmail: is.string,
  propertyState: is.string,
  lineAmount: is.nullable(is.number),
  applicationStatus: is.string,
  statusLabel: is.string,
  daysSinceActivity: is.number,
});

const isView = is.shape({
  items: is.arrayOf(isRow),
  next: is.nullable(is.string),
  prev: is.nullable(is.string),
  loanOfficers: is.arrayOf(is.shape({ id: is.string })),
  statuses: is.arrayOf(is.shape({ step: is.string, label: is.string })),
});

export async function getPipeline(input: PipelineInput, { signal }: { signal?: AbortSignal } = {}): Promise<PipelineView> {
  return expectShape<PipelineView>(PROCEDURE, await api.query(PROCEDURE, input, { signal }), isView);
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
