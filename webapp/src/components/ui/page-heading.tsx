import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/** The page's one h1 and the short help text under it. */
export function PageHeading({ title, help, eyebrow }: { title: ReactNode; help?: ReactNode; eyebrow?: ReactNode }) {
  return (
    <Stack gap="xs">
      {eyebrow ? (
        <Text fz="sm" fw={600} c="harbor.8" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
          {eyebrow}
        </Text>
      ) : null}
      <Title order={1}>{title}</Title>
      {help ? (
        <Text c="dimmed" fz={{ base: 'md', sm: 'lg' }} maw={640}>
          {help}
        </Text>
      ) : null}
    </Stack>
  );
}
