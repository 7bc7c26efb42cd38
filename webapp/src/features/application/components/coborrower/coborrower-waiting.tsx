import { Alert, Button, List, Paper, Stack, Text, Title } from '@mantine/core';

import { formatDateTime } from '@/lib/format';

import { useCoborrowerStatus, useInviteCoborrowerMutation, type CoborrowerStatus } from '../../api/coborrower';
import { saveErrorMessage } from '../section-page';

// "Waiting for <name>": what the borrower's pages show instead of the
// coborrower's own fields (their declarations, demographic information and
// signature, which only they give, in their own sign-in), with what they
// have done and a button that e-mails them the invitation (again).

type Part = keyof CoborrowerStatus['done'];

const partLabels: Record<Part, string> = {
  creditAuthorization: 'Credit check authorization',
  declarations: 'Declarations',
  demographics: 'Demographic information',
  signed: 'Consent and signature on the disclosures',
};

export function CoborrowerWaiting({ part, id = 'coborrower-waiting' }: { part: Part; id?: string }) {
  const status = useCoborrowerStatus();
  const invite = useInviteCoborrowerMutation();
  const s = status.data;
  if (!s || !s.hasCoborrower) return null;
  const done = s.done[part];
  const first = s.name.split(' ')[0] || s.name;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Title order={2} fz="lg" id={id}>
          {done ? `${s.name} has done their part` : `Waiting for ${s.name}`}
        </Title>
        <Text fz="sm">
          {s.name} gives their own credit check authorization, answers their own declarations and demographic questions, and
          signs the disclosures themselves, signed in with their own e-mail{s.email ? ` (${s.email})` : ''}. You cannot do
          these for them. You can submit your application once both of you have.
        </Text>
        <List size="sm" spacing={2} aria-label={`What ${s.name} has done`}>
          {(Object.keys(partLabels) as Part[]).map((p) => (
            <List.Item key={p}>
              {partLabels[p]}: {s.done[p] ? 'done' : 'not yet'}
            </List.Item>
          ))}
        </List>
        <Text fz="sm" c="dimmed">
          {s.invitedAt
            ? `We e-mailed ${first} an invitation on ${formatDateTime(s.invitedAt, 'long')}.`
            : `We have not e-mailed ${first} an invitation yet.`}
        </Text>
        {invite.isSuccess ? (
          <Alert color="green" variant="light" role="status">
            We e-mailed {first} the invitation{s.email ? ` at ${s.email}` : ''}.
          </Alert>
        ) : null}
        {invite.isError ? (
          <Alert color="red" variant="light" role="alert">
            {saveErrorMessage(invite.error)}
          </Alert>
        ) : null}
        {s.waiting ? (
          <div>
            <Button variant={s.invitedAt ? 'default' : 'filled'} onClick={() => invite.mutate()} loading={invite.isPending}>
              {s.invitedAt ? `Send ${first} the invitation again` : `Send ${first} the invitation`}
            </Button>
          </div>
        ) : null}
      </Stack>
    </Paper>
  );
}
