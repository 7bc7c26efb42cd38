import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';

import type { DecisionOutcome, MissingFact, OfferPayments, Reason } from './decision';

type Schemas = components['schemas'];

// quote.current: eligibility and the preview offer decided on the loan's
// stored answers and the credit bureau's data (data.heloc.eligibility.decision,
// data.heloc.offer.preview), both stored as decisions; with the
// adverse-action notice when the answer is no. The e-mail must be the
// session's. requestedLine is the amount the borrower is choosing; without
// it the saved desiredAmount is the requested line. The offer's line, fee
// and payments are the policy's for that line. Types from the CUE schemas
// (#QuoteCurrentInput, #QuoteResult), with the outcome fields of issue 20's
// contract (optional while a server without them may answer).

/** The fields the decisions gained (issue 20): optional here, whatever the generated types say. */
type Outcomes = { outcome?: DecisionOutcome; missing?: MissingFact[]; reasons?: Reason[] };

type GeneratedQuote = Schemas['QuoteResult'];
export type Eligibility = GeneratedQuote['eligibility'] & Outcomes;
/** Amounts in dollars; apr, margin, primeRate, rateFloor and rateCap in percent; cltv a fraction (0.8); payments in cents. */
export type Offer = GeneratedQuote['offer'] &
  Outcomes & {
    /** The line offered: the requested line within [minLine, maxLine]. */
    line?: number;
    requestedLine?: number | null;
    payments?: OfferPayments;
  };
export type Quote = Omit<GeneratedQuote, 'eligibility' | 'offer'> & { eligibility: Eligibility; offer: Offer };
export type IneligiblePage = NonNullable<Eligibility['ineligiblePage']>;
/** A reason of the eligibility policy, in the applicant's words with its numbers. */
export type DecisionReason = Eligibility['reasons'][number];
export type QuoteInput = Schemas['QuoteCurrentInput'] & { requestedLine?: number };

const PROCEDURE = 'quote.current';

export async function getQuote(input: QuoteInput, { signal }: { signal?: AbortSignal } = {}): Promise<Quote> {
  return api.query<Quote>(PROCEDURE, input, { signal });
}

/** The query of the quote; with `requestedLine`, the offer priced on that amount. */
export function getQuoteQueryOptions(email: string, requestedLine?: number) {
  const input: QuoteInput = { email, fetchOriginationFee: true };
  if (requestedLine !== undefined) input.requestedLine = requestedLine;
  return queryOptions({
    queryKey: ['quote', 'current', input] as const,
    queryFn: ({ signal }) => getQuote(input, { signal }),
  });
}

/** The signed-in applicant's quote; `email` is their session's. */
export function useQuote(email: string | null | undefined) {
  return useQuery({ ...getQuoteQueryOptions(email ?? ''), enabled: Boolean(email) });
}

/**
 * The quote on the amount being chosen (null: none to ask about, such as an
 * amount outside the offer). The figures of the last amount stay while the
 * next load (placeholderData), so the page can show them dimmed.
 */
export function usePricedQuote(email: string | null | undefined, requestedLine: number | null) {
  return useQuery({
    ...getQuoteQueryOptions(email ?? '', requestedLine ?? undefined),
    enabled: Boolean(email) && requestedLine !== null,
    placeholderData: keepPreviousData,
  });
}
