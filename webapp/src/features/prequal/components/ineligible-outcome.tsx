import { Alert, Button, Group, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/config/paths';

import { ineligibleCopy } from '../content/ineligible-copy';
import { usePrequalStore } from '../stores/prequal-store';

/** Why we can't offer a line, what would change that, and the notice that follows. */
export function IneligibleOutcome({ reason }: { reason: string }) {
  const copy = ineligibleCopy[reason];
  const adverseActionMessage = usePrequalStore((s) => s.adverseActionMessage);
  if (!copy) return null;

  return (
    <Stack gap="xl">
      <PageHeading title={copy.heading} help={copy.explanation} />
      {adverseActionMessage ? (
        <Alert variant="light" color="gray" title="The reason we gave">
          {adverseActionMessage}
        </Alert>
      ) : null}
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
      <Stack gap="xs" component="section" aria-labelledby="notice">
        <Title order={2} fz="xl" id="notice">
          Your notice
        </Title>
        <Text>
          As federal law requires, we will send you a written notice with the principal reasons for this decision. Where
          your credit report played a part, the notice names the credit bureau and explains your right to a free copy of
          your report.
        </Text>
      </Stack>
      <Group gap="sm">
        <Button component={Link} to={paths.home}>
          Back to the home page
        </Button>
        <Button component={Link} to={paths.faq} variant="default">
          Read our FAQ
        </Button>
      </Group>
    </Stack>
  );
}
