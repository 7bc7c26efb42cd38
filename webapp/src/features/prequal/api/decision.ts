// The shapes every decision shares (issue 20's policy contract): its
// outcome, the facts it lacks, and its reasons. The policies decide the
// outcome; the pages only read it.

/**
 * eligible; ineligible (a decline on verified facts: the only outcome with
 * an ineligible page or a notice); notDecided (a fact is missing: `missing`
 * names it and its page); mayNotQualify (self-reported answers that may not
 * qualify: never a decline, never a notice).
 */
export type DecisionOutcome = 'eligible' | 'ineligible' | 'notDecided' | 'mayNotQualify';

/** A fact a decision lacks: its label and the funnel page (a slug) that asks it. */
export type MissingFact = { fact: string; label: string; page: string | null };

/** One reason of a decision, in the applicant's words. */
export type Reason = { code: string; message: string; page?: string | null; adverseAction?: string | null; weight?: number };

/** What the pages read of a decision; the generated types may lack the newer fields while a server without them answers. */
export type Decided = {
  eligible: boolean;
  ineligiblePage?: string | null;
  reasons?: Reason[];
  outcome?: DecisionOutcome;
  missing?: MissingFact[];
};

/** The offer's payments on its line, fully drawn, at its APR (heloc.offer.payments), in cents. */
export type OfferPayments = { balance: number; drawPaymentCents: number; repaymentPaymentCents: number; drawMonths: number; repaymentMonths: number };

/**
 * The decision's outcome. A server that names none (a policy revision
 * before the outcomes) is read as eligible or ineligible by `eligible`; a
 * self-reported decision is never a decline, so for it "ineligible" reads as
 * mayNotQualify.
 */
export function outcomeOf(d: Decided, { selfReported = false }: { selfReported?: boolean } = {}): DecisionOutcome {
  const outcome = d.outcome ?? (d.eligible ? 'eligible' : 'ineligible');
  if (selfReported && outcome === 'ineligible') return 'mayNotQualify';
  return outcome;
}

/** The outcome of eligibility and the offer together: the first that is not eligible, notDecided before the others. */
export function combinedOutcome(eligibility: Decided, offer: Decided, opts: { selfReported?: boolean } = {}): DecisionOutcome {
  const outcomes = [outcomeOf(eligibility, opts), outcomeOf(offer, opts)];
  for (const o of ['notDecided', 'ineligible', 'mayNotQualify'] as const) if (outcomes.includes(o)) return o;
  return 'eligible';
}

/** The facts both decisions lack, each once. */
export function missingOf(...decisions: Decided[]): MissingFact[] {
  const seen = new Set<string>();
  const out: MissingFact[] = [];
  for (const d of decisions)
    for (const m of d.missing ?? []) {
      if (seen.has(m.fact)) continue;
      seen.add(m.fact);
      out.push(m);
    }
  return out;
}

/** The reasons of the decision that said no: eligibility's, else the offer's (DTI, no pricing row). */
export function reasonsOf(eligibility: Decided, offer: Decided): Reason[] {
  const own = (d: Decided) => (d.reasons ?? []).filter((r) => r.code !== 'NOT_DECIDED');
  if (outcomeOf(eligibility) !== 'eligible') return own(eligibility);
  return own(offer);
}
