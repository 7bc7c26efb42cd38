import { Alert, Anchor, Button, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';

import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/config/paths';
import { useLicensingLookup } from '@/features/prequal/api/get-licensing';
import type { JoinWaitlistInput, JoinWaitlistResult } from '@/features/prequal/api/join-waitlist';
import { WaitlistForm } from '@/features/prequal/components/outcome/waitlist-form';
import { usePrequalStore } from '@/features/prequal/stores/prequal-store';
import { formatDate } from '@/lib/format';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

const ZIP = /^\d{5}$/;

/** When we expect to lend there, or that we will write when we do. */
function opening(stateName: string | null, opensOn: string | null): string {
  const where = stateName ?? 'your state';
  return opensOn ? `We expect to start lending in ${where} on ${formatDate(opensOn)}.` : `We don’t have a date for ${where} yet.`;
}

function Joined({ result, input }: { result: JoinWaitlistResult; input: JoinWaitlistInput }) {
  return (
    <Stack gap="lg">
      <PageHeading title="You’re on the list" help={opening(result.stateName, result.opensOn)} />
      <Text>
        We’ll write to {input.email} as soon as you can check your rate for a home in {result.stateName}. We use your details
        for nothing else.
      </Text>
      <Button component={Link} to={paths.home} variant="default" w="fit-content">
        Back to the home page
      </Button>
    </Stack>
  );
}

/**
 * /join-waitlist?zip=10001: the lender is not licensed in the state of this
 * ZIP code yet (licensing.lookup says which and when it opens). The visitor
 * leaves a name and an e-mail (and a phone if they like) with
 * prequal.joinWaitlist, and hears when the state opens.
 */
export default function JoinWaitlistRoute() {
  useRouteDocumentTitle();
  const [params] = useSearchParams();
  const given = (params.get('zip') ?? '').trim();
  const zip = ZIP.test(given) ? given : '';
  const lookup = useLicensingLookup(zip, { enabled: zip !== '' });
  const { firstName, lastName, email } = usePrequalStore.getState();
  const [joined, setJoined] = useState<{ result: JoinWaitlistResult; input: JoinWaitlistInput } | null>(null);

  if (joined) return <Joined {...joined} />;
  if (zip && lookup.isPending) {
    return (
      <Stack gap="sm">
        <VisuallyHidden role="status">Loading</VisuallyHidden>
        <Skeleton h={36} w="70%" aria-hidden="true" />
        <Skeleton h={200} aria-hidden="true" />
      </Stack>
    );
  }
  const found = zip && lookup.data ? lookup.data : null;
  if (found?.licensed) {
    return (
      <Stack gap="lg">
        <PageHeading title={`Good news: we lend in ${found.stateName ?? 'your state'}`} help="You can check your rate now." />
        <Button component={Link} to={paths.landing['name'] ?? paths.home} w="fit-content">
          Check your rate
        </Button>
      </Stack>
    );
  }

  const stateName = found?.stateName ?? null;
  return (
    <Stack gap="lg">
      <PageHeading
        title={stateName ? `We don’t lend in ${stateName} yet` : 'We don’t lend in your state yet'}
        help={
          found
            ? `${opening(stateName, found.opensOn)} Leave your details and we’ll write to you when we ${found.opensOn ? 'open' : 'do'}.`
            : 'Leave your details and we’ll write to you when we lend where your home is.'
        }
      />
      {zip && lookup.isError ? (
        <Alert color="yellow" variant="light">
          We couldn’t look up ZIP code {zip} just now. You can still join the list.
        </Alert>
      ) : null}
      <WaitlistForm
        zip={zip}
        defaults={{ firstName: firstName ?? '', lastName: lastName ?? '', email: email ?? '' }}
        onJoined={(result, input) => setJoined({ result, input })}
      />
      <Text fz="sm" c="dimmed">
        See the states where we lend on our{' '}
        <Anchor component={Link} to={paths.license}>
          licences page
        </Anchor>
        .
      </Text>
    </Stack>
  );
}
