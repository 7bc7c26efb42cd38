import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { expectShape, is } from '@/api/shape';

import { isAdverseAction } from './get-adverse-action';

type Schemas = components['schemas'];

// quote.current: eligibility and the preview offer decided on the loan's
// stored answers and the credit bureau's data (data.heloc.eligibility.decision,
// data.heloc.offer.preview), both stored as decisions; with the
// adverse-action notice when the answer is no. The e-mail must be the
// session's. Types from the CUE schemas (#QuoteCurrentInput, #QuoteResult).

export type Quote = Schemas['QuoteResult'];
export type Eligibility = Quote['eligibility'];
export type IneligiblePage = NonNullable<Eligibility['ineligiblePage']>;
/** A reason of the eligibility policy, in the applicant's words with its numbers. */
export type DecisionReason = Eligibility['reasons'][number];
/** Amounts in dollars; apr, margin, primeRate, rateFloor and rateCap in percent; cltv a fraction (0.8). */
export type Offer = Quote['offer'];
export type QuoteInput = Schemas['QuoteCurrentInput'];

const PROCEDURE = 'quote.current';

export const isEligibility = is.shape({
  decisionId: is.string,
  eligible: is.boolean,
  ineligiblePage: is.nullable(is.string),
  reasons: is.arrayOf(is.shape({ code: is.string, message: is.string })),
});

const isOffer = is.shape({
  decisionId: is.string,
  eligible: is.boolean,
  maxLine: is.number,
  minLine: is.number,
  cltv: is.number,
  apr: is.number,
  originationFee: (v: unknown) => v === undefined || is.number(v),
  margin: is.number,
  primeRate: is.number,
  rateFloor: is.number,
  rateCap: is.number,
  drawPeriodYears: is.number,
  repaymentPeriodYears: is.number,
});

const isQuote = is.shape({ eligibility: isEligibility, offer: isOffer, adverseAction: is.nullable(isAdverseAction) });

export async function getQuote(input: QuoteInput, { signal }: { signal?: AbortSignal } = {}): Promise<Quote> {
  return expectShape<Quote>(PROCEDURE, await api.query(PROCEDURE, input, { signal }), isQuote);
}

export function getQuoteQueryOptions(email: string) {
  const input: QuoteInput = { email, fetchOriginationFee: true };
  return queryOptions({
    queryKey: ['quote', 'current', input] as const,
    queryFn: ({ signal }) => getQuote(input, { signal }),
  });
}

/** The signed-in applicant's quote; `email` is their session's. */
export function useQuote(email: string | null | undefined) {
  return useQuery({ ...getQuoteQueryOptions(email ?? ''), enabled: Boolean(email) });
}
