import { useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { builtQuestionTerms } from '@/config/question-terms';

// prequal.questions (data.heloc.eligibility.questions, #QuestionTerms): the
// look-backs and credit bands the prequalification's questions name. The
// eligibility rules read those answers as given because the question names
// the table's value, so a page asks in the table's words, never its own.
// Until the server answers (and on a prerendered page) the pages show the
// build's (routes.json, written from the same table by `make generate`);
// the server's are the revision in force, which a publish may change.

export type QuestionTerms = components['schemas']['QuestionTerms'];
export type CreditBand = QuestionTerms['creditRanges'][number];

const built = builtQuestionTerms as QuestionTerms;

export function useQuestionTerms(): QuestionTerms {
  const { data: live } = useQuery({
    queryKey: ['prequal', 'questions'] as const,
    queryFn: ({ signal }) => api.query<QuestionTerms>('prequal.questions', undefined, { signal }),
    staleTime: 5 * 60_000,
  });
  return {
    fbmYears: live?.fbmYears ?? built.fbmYears,
    listedForSaleMonths: live?.listedForSaleMonths ?? built.listedForSaleMonths,
    creditRanges: live?.creditRanges.length ? live.creditRanges : built.creditRanges,
  };
}
