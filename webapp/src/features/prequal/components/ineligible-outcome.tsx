import { Anchor, Button, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';

import { useAdverseAction } from '@/api/get-adverse-action';
import { StoredNotice } from '@/components/adverse-action/stored-notice';
import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-store';

import { ineligibleCopy } from '../content/ineligible-copy';
import { LatePayments } from './outcome/late-payments';
import { useRememberedOutcome } from './outcome/remember-outcome';

function Reasons({ reasons }: { reasons: string[] }) {
  return (
    <Stack gap="sm" component="section" aria-labelledby="why">
      <Title order={2} fz="xl" id="why">
        Why
      </Title>
      {reasons.length > 0 ? (
        <List spacing="xs">
          {reasons.map((r) => (
            <List.Item key={r}>{r}</List.Item>
          ))}
        </List>
      ) : (
        <Text>The reasons for this answer are in your notice. Sign in to see it again.</Text>
      )}
    </Stack>
  );
}

/** The notice part: the stored adverse-action notice, or why there is none. */
function NoticePart({
  signedIn,
  notice,
}: {
  signedIn: boolean;
  notice: ReturnType<typeof useAdverseAction>;
}) {
  const { pathname } = useLocation();

  if (signedIn) {
    return (
      <StoredNotice
        notice={notice}
        none={<Text>There is no notice on file for this answer yet. If you check again with a credit check, we will keep one here.</Text>}
      />
    );
  }
  return (
    <Text>
      We keep the notice of this decision with your account.{' '}
      <Anchor component={Link} to={`${paths.appLogin}?callbackUrl=${encodeURIComponent(pathname)}`}>
        Sign in to see it
      </Anchor>
      .
    </Text>
  );
}

/**
 * A decline (low-equity, boost, late-payment), reached only from a decision
 * on the credit bureau's report (outcome "ineligible"; a self-reported
 * answer never comes here): why, in the policy's words with their numbers,
 * what could change the answer, and the adverse-action notice, stored with
 * the decision and shown again on a later visit.
 */
export function IneligibleOutcome({ reason }: { reason: string }) {
  const copy = ineligibleCopy[reason];
  const outcome = useRememberedOutcome();
  const { status } = useSession('applicant');
  const signedIn = status === 'authenticated';
  const notice = useAdverseAction({ enabled: signedIn });
  if (!copy) return null;
  // Reached without this browser's reasons (another device, a cleared
  // store): the notice's principal reasons say why.
  const reasons = outcome?.reasons ?? notice.data?.reasons ?? [];

  return (
    <Stack gap="xl">
      <PageHeading title={copy.heading} help={copy.explanation} />
      <Reasons reasons={reasons} />
      {reason === 'late-payment' ? <LatePayments signedIn={signedIn} /> : null}
      <Stack gap="sm" component="section" aria-labelledby="what-helps">
        <Title order={2} fz="xl" id="what-helps">
          What could change the answer
        </Title>
        <List spacing="xs">
          {copy.whatHelps.map((item) => (
            <List.Item key={item}>{item}</List.Item>
          ))}
        </List>
      </Stack>
      <Stack gap="sm" component="section" aria-labelledby="notice">
        <Title order={2} fz="xl" id="notice" className="no-print">
          Your notice
        </Title>
        {status === 'loading' ? <Skeleton h={80} aria-hidden="true" /> : <NoticePart signedIn={signedIn} notice={notice} />}
      </Stack>
      <Group gap="sm" className="no-print">
        <Button component={Link} to={paths.initialSetup['property-value']!}>
          Check again
        </Button>
        <Button component={Link} to={paths.home} variant="default">
          Back to the home page
        </Button>
        <Button component={Link} to={paths.faq} variant="default">
          Read our FAQ
        </Button>
      </Group>
    </Stack>
  );
}
