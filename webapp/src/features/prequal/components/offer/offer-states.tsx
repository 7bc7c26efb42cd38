import { Alert, Button, List, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';

import { QueryError } from '@/components/ui/query-error';

import type { CurrentOffer } from './use-current-offer';

/** The landing funnel's first page, where an account is made. */
export const START_PATH = '/start/name';

/** What an offer page shows until (or instead of) the offer. */
export function OfferPlaceholder({ state }: { state: Exclude<CurrentOffer, { status: 'ready' }> }) {
  if (state.status === 'pending') {
    return (
      <Stack gap="sm">
        <VisuallyHidden role="status">Loading your offer</VisuallyHidden>
        <Skeleton h={32} w="50%" aria-hidden="true" />
        <Skeleton h={160} aria-hidden="true" />
      </Stack>
    );
  }
  if (state.status === 'signedOut') {
    return (
      <Alert variant="light" color="harbor" title="Your offer is kept with your account">
        <Stack gap="sm" align="flex-start">
          <Text fz="sm">Create an account or sign in to see it. The answers you gave in this browser are kept.</Text>
          <Button component={Link} to={START_PATH} size="sm">
            Check your rate
          </Button>
        </Stack>
      </Alert>
    );
  }
  if (state.status === 'error') return <QueryError title="We couldn’t load your offer" error={state.error} onRetry={state.retry} />;
  // Ineligible: the page named by the policy takes over; a reason without
  // one (or no price for an eligible answer) is said here.
  const reasons = state.quote.eligibility.reasons;
  return (
    <Alert variant="light" color="yellow" title="We can’t make you an offer right now">
      {reasons.length > 0 ? (
        <List fz="sm">
          {reasons.map((r) => (
            <List.Item key={r.code}>{r.message}</List.Item>
          ))}
        </List>
      ) : (
        <Text fz="sm">Please contact us and we will look at your application with you.</Text>
      )}
    </Alert>
  );
}
