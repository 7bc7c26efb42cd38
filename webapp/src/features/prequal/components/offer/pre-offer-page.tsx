import { Alert, Anchor, Badge, List, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useEffect } from 'react';
import { Link } from 'react-router';

import { PageHeading } from '@/components/ui/page-heading';
import { QueryError } from '@/components/ui/query-error';
import { StepNavigation } from '@/components/ui/step-navigation';
import { paths } from '@/config/paths';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

import type { PrequalAnswers } from '../../api/get-answers';
import { useEstimate, type EstimateInput } from '../../api/estimate';
import { useAnswers } from '../../hooks/use-answers';
import { useFunnelPagesHere } from '../../hooks/use-funnel-pages-here';
import { useGoToIneligible } from '../outcome/remember-outcome';
import { formatDollars, formatFraction, formatRate } from './offer-format';

/** The questions the estimate needs, by the page that asks each. */
const NEEDED: { slug: string; label: string; answered: (a: PrequalAnswers) => boolean }[] = [
  { slug: 'property-value', label: 'Your home’s value', answered: (a) => typeof a.propertyValue === 'number' },
  {
    slug: 'mortgage-estimate',
    label: 'What you owe on your mortgages',
    answered: (a) => a.hasMortgage === false || typeof a.mortgageEstimate === 'number',
  },
  { slug: 'credit-range', label: 'Your credit range', answered: (a) => a.creditRange !== undefined },
];

/**
 * prequal.estimate's input from the answers so far: null while one it needs
 * is missing. Without a property-use answer (the funnel variant that leaves
 * the question out) the home is a primary residence, as the page table's
 * variants say the policies take it.
 */
export function estimateInput(a: PrequalAnswers): EstimateInput | null {
  if (!NEEDED.every((n) => n.answered(a))) return null;
  const fbm = a.fbm;
  const input: EstimateInput = {
    propertyValue: a.propertyValue!,
    mortgageBalance: a.hasMortgage === false ? 0 : a.mortgageEstimate!,
    creditRange: a.creditRange!,
    propertyUsage: a.propertyUsage ?? 'primaryResidence',
    hasFbm: Boolean(fbm && (fbm.foreclosure || fbm.bankruptcy || fbm.modification)),
  };
  if (a.propertyState) input.propertyState = a.propertyState;
  return input;
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

function Missing({ answers }: { answers: PrequalAnswers }) {
  const missing = NEEDED.filter((n) => !n.answered(answers));
  return (
    <Alert variant="light" color="yellow" title="A few answers are missing">
      <Text fz="sm">We need these before we can estimate your line:</Text>
      <List fz="sm" mt="xs">
        {missing.map((m) => (
          <List.Item key={m.slug}>
            <Anchor component={Link} to={paths.initialSetup[m.slug] ?? paths.home}>
              {m.label}
            </Anchor>
          </List.Item>
        ))}
      </List>
    </Alert>
  );
}

function Estimate({ input }: { input: EstimateInput }) {
  const estimate = useEstimate(input);
  const goToIneligible = useGoToIneligible();
  const result = estimate.data;

  // An ineligible estimate goes to its page, never onward.
  useEffect(() => {
    if (result) goToIneligible(result.eligibility, 'estimate');
  }, [result, goToIneligible]);

  if (estimate.isPending) return <Loading label="Working out your estimate" />;
  if (estimate.isError)
    return <QueryError title="We couldn’t work out your estimate" error={estimate.error} onRetry={() => void estimate.refetch()} />;
  const { eligibility, offer } = estimate.data;
  if (!eligibility.eligible) {
    // A reason without a page of its own: say it here.
    return (
      <Alert variant="light" color="red" title="We can’t estimate a line from these answers">
        <List fz="sm">
          {eligibility.reasons.map((r) => (
            <List.Item key={r.code}>{r.message}</List.Item>
          ))}
        </List>
      </Alert>
    );
  }
  if (!offer.eligible) {
    return (
      <Alert variant="light" color="yellow" title="We can’t estimate a rate from these answers">
        Your credit check on the next pages gives us what we need for a preview offer.
      </Alert>
    );
  }
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
        Based on what you told us: your home’s value, what you owe and your credit range. It is not an offer. Next, a soft
        credit check (it does not affect your credit score) turns it into a preview offer.
      </Text>
    </Stack>
  );
}

/**
 * Step 7.5 (/app/initial-setup/pre-offer, /prequal/pre-offer): the
 * self-reported estimate (prequal.estimate) on the answers so far, clearly
 * an estimate. An ineligible estimate goes to its ineligible page with its
 * reasons; otherwise Continue goes on as funnel.pages says.
 */
export function PreOfferPage() {
  useRouteDocumentTitle();
  const answers = useAnswers();
  const pages = useFunnelPagesHere();
  const input = answers.status === 'ready' ? estimateInput(answers.answers) : null;

  let body;
  if (answers.status === 'pending') body = <Loading label="Loading your answers" />;
  else if (answers.status === 'error')
    body = <QueryError title="We couldn’t load your answers" error={answers.error} onRetry={answers.retry} />;
  else if (!input) body = <Missing answers={answers.answers} />;
  else body = <Estimate input={input} />;

  return (
    <Stack gap="lg">
      <PageHeading eyebrow="Estimate" title="Your estimate" help="Based on what you told us; not an offer." />
      {body}
      <StepNavigation query={pages} />
    </Stack>
  );
}
