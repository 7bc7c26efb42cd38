import { Box, Group, Progress, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { Link } from 'react-router';

import type { Section } from '../lib/application-flow';

function marker(state: 'done' | 'current' | 'upcoming', n: number) {
  if (state === 'done') {
    return (
      <ThemeIcon size={26} radius="xl" aria-hidden="true">
        <svg width="14" height="14" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="2.4">
          <path d="m3 8.5 3.2 3L13 4.5" />
        </svg>
      </ThemeIcon>
    );
  }
  return (
    <ThemeIcon size={26} radius="xl" variant={state === 'current' ? 'filled' : 'default'} aria-hidden="true">
      <Text fz="xs" fw={600} c={state === 'current' ? 'white' : 'gray.7'}>
        {n}
      </Text>
    </ThemeIcon>
  );
}

/** The application's sections as an ordered list; the current one is marked. */
export function SectionStepper({ sections, current }: { sections: Section[]; current: number }) {
  return (
    <Box component="nav" aria-label="Application sections">
      <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
        {sections.map((s, i) => {
          const state = i < current ? 'done' : i === current ? 'current' : 'upcoming';
          return (
            <li key={s.step}>
              <UnstyledButton
                component={Link}
                to={s.path}
                aria-current={state === 'current' ? 'step' : undefined}
                px="sm"
                py={6}
                w="100%"
                style={{
                  display: 'block',
                  borderRadius: 'var(--mantine-radius-md)',
                  background: state === 'current' ? 'var(--mantine-color-harbor-0)' : undefined,
                }}
              >
                <Group gap="sm" wrap="nowrap">
                  {marker(state, i + 1)}
                  <Text fz="sm" fw={state === 'current' ? 600 : 400} c={state === 'upcoming' ? 'gray.7' : 'harbor.9'}>
                    {s.label}
                    {state === 'done' ? <VisuallyHidden component="span"> (done)</VisuallyHidden> : null}
                  </Text>
                </Group>
              </UnstyledButton>
            </li>
          );
        })}
      </Stack>
    </Box>
  );
}

/** On phones: the current section and a bar instead of the full list. */
export function SectionSummary({ sections, current }: { sections: Section[]; current: number }) {
  const section = sections[current];
  if (!section) return null;
  return (
    <Stack gap={8}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} fz="sm" c="harbor.9">
          Section {current + 1} of {sections.length}
        </Text>
        <Text fz="sm" c="dimmed" truncate>
          {section.label}
        </Text>
      </Group>
      <Progress
        value={((current + 1) / sections.length) * 100}
        size="sm"
        radius="xl"
        aria-label={`Section ${current + 1} of ${sections.length}: ${section.label}`}
      />
    </Stack>
  );
}
