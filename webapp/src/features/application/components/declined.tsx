import { Alert, List, Stack, Text } from '@mantine/core';

import { useAdverseAction } from '@/api/get-adverse-action';
import { StoredNotice } from '@/components/adverse-action/stored-notice';

/** A field error of the server, as a page reads it. */
type Refused = { path: string; message: string };

/**
 * The reasons of a refusal because the application is declined on its own
 * figures (the server puts each at the field "decision": application.submit
 * on the whole application, application.save on page 2's home), or null
 * when the refusal is something to put right.
 */
export function declineOf(refused: readonly Refused[]): string[] | null {
  const reasons = refused.filter((r) => r.path === 'decision').map((r) => r.message);
  return reasons.length > 0 ? reasons : null;
}

/** The notice of action taken stored with the decline (prequal.adverseAction), fetched after the refusal. */
function DeclineNotice() {
  return (
    <StoredNotice
      notice={useAdverseAction()}
      none={<Text fz="sm">Your notice of this decision isn’t ready yet. We keep it with your account and send it to you.</Text>}
    />
  );
}

/**
 * A refusal because the application is declined, said plainly: what it
 * means for this page (`outcome`), the rules' reasons, and the notice of
 * action taken stored with it.
 */
export function Declined({ reasons, outcome }: { reasons: readonly string[]; outcome: string }) {
  return (
    <Stack gap="md">
      <Alert color="red" variant="light" role="alert" title="We can’t open this line">
        <Text fz="sm" mb="xs">
          {outcome}
        </Text>
        <List fz="sm" spacing="xs">
          {reasons.map((r) => (
            <List.Item key={r}>{r}</List.Item>
          ))}
        </List>
        <Text fz="sm" mt="xs">
          Your notice of action taken, below, gives the reasons for our decision and your rights.
        </Text>
      </Alert>
      <DeclineNotice />
    </Stack>
  );
}
