import { Alert, Badge, Button, List, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'react-router';

import { PageHeading } from '@/components/ui/page-heading';
import { QueryError } from '@/components/ui/query-error';
import { StepNavigation } from '@/components/ui/step-navigation';
import { paths, PREQUAL_PREFIX } from '@/config/paths';
import { useApplicantSession } from '@/lib/auth/session-store';
import { useRouteDocumentTitle } from '@/lib/use-document-title';
import { formatDollars, formatFraction, formatRate } from '@/lib/format';

import { combinedOutcome, missingOf, reasonsOf, type Decided, type Reason } from '../../api/decision';
import type { PrequalAnswers } from '../../api/get-answers';
import { useQuote } from '../../api/get-quote';
import { useEstimate, type EstimateInput, type EstimateResult } from '../../api/estimate';
import { useAnswers } from '../../hooks/use-answers';
import { useFunnelPagesHere } from '../../hooks/use-funnel-pages-here';
import { MissingAnswers } from '../outcome/missing-answers';

/**
 * prequal.estimate's input from the answers so far. An answer not given
 * yet is left out: the policy names what is missing (outcome notDecided,
 * `missing`, each with the page that asks it), nothing here decides it.
 * Without a property-use answer (the funnel variant that leaves the
 * question out) the home is a primary residence, as the page table's
 * variants say the policies take it.
 */
export function estimateInput(a: PrequalAnswers): EstimateInput {
  const fbm = a.fbm;
  const input: EstimateInput = {
    propertyUsage: a.propertyUsage ?? 'primaryResidence',
    hasFbm: Boolean(fbm && (fbm.foreclosure || fbm.bankruptcy || fbm.modification)),
  };
  if (typeof a.propertyValue === 'number') input.propertyValue = a.propertyValue;
  if (a.hasMortgage === false) input.mortgageBalance = 0;
  else if (typeof a.mortgageEstimate === 'number') input.mortgageBalance = a.mortgageEstimate;
  if (a.creditRange) input.creditRange = a.creditRange;
  if (a.propertyState) input.propertyState = a.propertyState;
  return input;
}

/** An alert's title in the text's colour: a light yellow alert's own is too pale to read on its background. */
const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

/** The soft credit check's page in the funnel being walked. */
function creditCheckPath(pathname: string): string {
  return pathname.startsWith(PREQUAL_PREFIX) ? paths.prequal['credit-check']! : paths.initialSetup['credit-score']!;
}

function Loading({ label }: { label: string }) {
  return (
    <Stack gap="sm">
      <VisuallyHidden role="status">{label}</VisuallyHidden>
      <Skeleton h={28} w="60%" aria-hidden="true" />
      <Skeleton h={80} aria-hidden="true" />
    </Stack>
  );
}

/**
 * Self-reported answers that may not qualify (outcome mayNotQualify): what
 * the policy would need, in its estimate words (which state no figure the
 * borrower did not give), and the soft credit check that decides. Not a
 * decline: no ineligible page and no notice.
 */
function MayNotQualify({ reasons }: { reasons: Reason[] }) {
  return (
    <Stack gap="md">
      <Alert variant="light" color="yellow" title="From what you told us, this may not qualify" styles={readableTitle}>
        <Stack gap="xs">
          {reasons.length > 0 ? (
            <List fz="sm" spacing={4}>
              {reasons.map((r) => (
                <List.Item key={r.code}>{r.message}</List.Item>
              ))}
            </List>
          ) : null}
          <Text fz="sm">
            This is not a decision: it is based only on your own answers, and we have not checked your credit. A soft credit check,
            which does not affect your credit score, tells us what we can offer.
          </Text>
        </Stack>
      </Alert>
      <SoftPullLink />
    </Stack>
  );
}

/**
 * A verified refusal: the rules decided no on the credit report. The
 * preview offer, next, shows the decision whole with its notice.
 */
function Refused({ reasons }: { reasons: Reason[] }) {
  return (
    <Stack gap="md">
      <Alert variant="light" color="orange" role="alert" title="We can’t offer you a line" styles={readableTitle}>
        {reasons.length > 0 ? (
          <List fz="sm" spacing={4}>
            {reasons.map((r) => (
              <List.Item key={r.code}>{r.message}</List.Item>
            ))}
          </List>
        ) : null}
      </Alert>
      <Button component={Link} to={paths.prequal['preview-offer']!} w={{ base: '100%', xs: 'auto' }}>
        See our decision and your notice
      </Button>
    </Stack>
  );
}

/**
 * The estimate's figures, or what keeps it from one: the answers missing,
 * a self-reported "may not qualify", or (verified, on the credit report)
 * a refusal. basis says what it is worked out on.
 */
/** The figures of a preview offer the estimate shows. */
type EstimatedOffer = Decided & Pick<EstimateResult['offer'], 'maxLine' | 'minLine' | 'apr' | 'cltv'>;

function EstimateView({ eligibility, offer, selfReported, basis }: { eligibility: Decided; offer: EstimatedOffer; selfReported: boolean; basis: string }) {
  // A self-reported estimate never declines: a "no" on it reads as "may not qualify".
  const outcome = combinedOutcome(eligibility, offer, { selfReported });
  if (outcome === 'notDecided') {
    return <MissingAnswers missing={missingOf(eligibility, offer)} intro="We can’t estimate your line yet. Please answer these:" />;
  }
  if (outcome === 'ineligible') return <Refused reasons={reasonsOf(eligibility, offer)} />;
  if (outcome !== 'eligible') return <MayNotQualify reasons={reasonsOf(eligibility, offer)} />;
  return (
    <Stack gap="md" aria-label="Your estimate" component="section">
      <Badge variant="light" color="harbor" size="lg" w="fit-content">
        Estimate, not an offer
      </Badge>
      <Stack component="dl" gap="md" m={0}>
        <Stack gap={2}>
          <Text component="dt" fz="sm" c="dimmed">
            Estimated line
          </Text>
          <Text component="dd" m={0} fz={32} fw={700} lh={1.2}>
            Up to {formatDollars(offer.maxLine)}
          </Text>
          <Text component="dd" m={0} fz="sm" c="dimmed">
            Lines start at {formatDollars(offer.minLine)}.
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text component="dt" fz="sm" c="dimmed">
            Estimated APR (variable)
          </Text>
          <Text component="dd" m={0} fz="xl" fw={600}>
            {formatRate(offer.apr)}
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text component="dt" fz="sm" c="dimmed">
            Combined loan-to-value with the full line
          </Text>
          <Text component="dd" m={0} fz="xl" fw={600}>
            {formatFraction(offer.cltv)}
          </Text>
        </Stack>
      </Stack>
      <Text fz="sm" c="dimmed">
        {basis}
      </Text>
      {selfReported ? <SoftPullLink /> : null}
    </Stack>
  );
}

/**
 * The way from a self-reported estimate to the soft credit check that
 * decides: the page is beside the funnel's default path (a recognised slug
 * reached by its route), so it names the step that turns it into an offer.
 */
function SoftPullLink() {
  const { pathname } = useLocation();
  return (
    <Button component={Link} to={creditCheckPath(pathname)} w={{ base: '100%', xs: 'auto' }}>
      Check my credit with a soft pull
    </Button>
  );
}

/** The self-reported estimate (prequal.estimate) on the answers so far, before the soft pull. */
function SelfReportedEstimate({ input }: { input: EstimateInput }) {
  const estimate = useEstimate(input);
  if (estimate.isPending) return <Loading label="Working out your estimate" />;
  if (estimate.isError)
    return <QueryError title="We couldn’t work out your estimate" error={estimate.error} onRetry={() => void estimate.refetch()} />;
  return (
    <EstimateView
      eligibility={estimate.data.eligibility}
      offer={estimate.data.offer}
      selfReported
      basis="Based on what you told us: your home’s value, what you owe and your credit range. It is not an offer. Next, a soft credit check (it does not affect your credit score) turns it into a preview offer."
    />
  );
}

/**
 * The /prequal path's pre-offer, after the soft pull and the mortgages:
 * decided by the rules on the loan's credit report and the answers kept
 * with it (quote.current: which score, which liens and the value are the
 * rules'), as the preview offer next is. Without a credit report yet
 * (quote.current answers null: a borrower who came here before the soft
 * pull), it is the self-reported estimate on the answers so far.
 */
function ReportEstimate({ email, answers }: { email: string; answers: PrequalAnswers }) {
  const quote = useQuote(email);
  if (quote.isPending) return <Loading label="Working out your estimate" />;
  if (quote.isError) return <QueryError title="We couldn’t work out your estimate" error={quote.error} onRetry={() => void quote.refetch()} />;
  if (quote.data === null) return <SelfReportedEstimate input={estimateInput(answers)} />;
  return (
    <EstimateView
      eligibility={quote.data.eligibility}
      offer={quote.data.offer}
      selfReported={false}
      basis="Based on your home’s value as you told us, the mortgages you confirmed and your credit report. It is not an offer: your preview offer, next, lets you choose your amount."
    />
  );
}

/**
 * Step 7.5 (/app/initial-setup/pre-offer, /prequal/pre-offer): the
 * self-reported estimate (prequal.estimate) on the answers so far, clearly
 * an estimate. Never a decline: answers that may not qualify say so and
 * offer the soft credit check; a missing answer is asked for, linked to its
 * page. Continue goes on as funnel.pages says.
 */
export function PreOfferPage() {
  useRouteDocumentTitle();
  const { pathname } = useLocation();
  const onPrequal = pathname.startsWith(PREQUAL_PREFIX);
  const session = useApplicantSession();
  const answers = useAnswers();
  const pages = useFunnelPagesHere();
  const email = session.data?.user.email;

  let body;
  if (answers.status === 'pending') body = <Loading label="Loading your answers" />;
  else if (answers.status === 'error')
    body = <QueryError title="We couldn’t load your answers" error={answers.error} onRetry={answers.retry} />;
  else if (onPrequal && answers.signedIn && email) body = <ReportEstimate email={email} answers={answers.answers} />;
  else body = <SelfReportedEstimate input={estimateInput(answers.answers)} />;

  return (
    <Stack gap="lg">
      <PageHeading eyebrow="Estimate" title="Your estimate" help="Based on what you told us; not an offer." />
      {body}
      <StepNavigation query={pages} />
    </Stack>
  );
}
