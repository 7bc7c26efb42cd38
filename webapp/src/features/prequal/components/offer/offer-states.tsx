import { Alert, Button, List, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';

import { AdverseActionNotice } from '@/components/adverse-action/adverse-action-notice';
import { QueryError } from '@/components/ui/query-error';

import { MissingAnswers } from '../outcome/missing-answers';
import type { CurrentOffer } from './use-current-offer';

/** The landing funnel's first page, where an account is made. */
export const START_PATH = '/start/name';

/** An alert's title in the text's colour: a light yellow alert's own is too pale to read on its background. */
const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

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
  if (state.status === 'notDecided') {
    return <MissingAnswers missing={state.missing} intro="We can’t work out your offer yet. Please answer these, then come back to your offer:" />;
  }
  // No offer. A decline with a page of its own is on its way there; one
  // without (a debt-to-income limit, no price for the answers) is said
  // here, with its notice.
  const { reasons, decline, quote } = state;
  return (
    <Stack gap="lg">
      <Alert variant="light" color="yellow" title="We can’t make you an offer right now" styles={readableTitle}>
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
      {decline && quote.adverseAction ? <AdverseActionNotice notice={quote.adverseAction} /> : null}
    </Stack>
  );
}
