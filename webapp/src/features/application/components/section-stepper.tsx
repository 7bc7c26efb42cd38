import { Box, type BoxProps, Group, Progress, Stack, Text, ThemeIcon, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { CSSProperties, ReactNode } from 'react';
import { Link } from 'react-router';

import type { FlowPage, PageState } from '@/api/get-funnel-pages';

/** A section of the application: the loan's pages of one section label, in order. */
export type Section = {
  label: string;
  pages: FlowPage[];
  state: PageState;
};

/** The pages the funnel policy returned, grouped by their section, in their order. */
export function sectionsOf(pages: FlowPage[]): Section[] {
  const sections: Section[] = [];
  for (const page of pages) {
    const label = page.section ?? page.label;
    const last = sections[sections.length - 1];
    if (last?.label === label) last.pages.push(page);
    else sections.push({ label, pages: [page], state: 'upcoming' });
  }
  for (const s of sections) {
    s.state = s.pages.some((p) => p.state === 'current')
      ? 'current'
      : s.pages.every((p) => p.state === 'done')
        ? 'done'
        : 'upcoming';
  }
  return sections;
}

function marker(state: PageState, n: number) {
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

/**
 * What a stepper entry is: a link to a page the loan has reached (the
 * policy's `open`), or, for a page after the one being filled in, text that
 * says it opens later. The application is filled in order, so a section
 * shows done only once it is saved.
 */
function Entry({ page, children, ...props }: { page: FlowPage; children: ReactNode } & Omit<BoxProps, 'children'> & {
  'aria-current'?: 'page' | 'step';
  style?: CSSProperties;
}) {
  if (page.open) {
    return (
      <UnstyledButton component={Link} to={page.path} {...props}>
        {children}
      </UnstyledButton>
    );
  }
  return (
    <Box aria-disabled="true" {...props} style={{ ...props.style, cursor: 'default' }}>
      {children}
    </Box>
  );
}

function notYetOpen(page: FlowPage) {
  return page.open ? null : <VisuallyHidden component="span"> (opens after the pages before it)</VisuallyHidden>;
}

/** A section with more than one page lists them under it (a coborrower's employment, business information). */
function SectionPages({ pages }: { pages: FlowPage[] }) {
  return (
    <Stack component="ol" gap={2} p={0} m={0} ml={46} mt={2} style={{ listStyle: 'none' }}>
      {pages.map((p) => (
        <li key={p.path}>
          <Entry
            page={p}
            aria-current={p.state === 'current' ? 'page' : undefined}
            px="xs"
            py={4}
            w="100%"
            style={{
              display: 'block',
              borderRadius: 'var(--mantine-radius-sm)',
              borderLeft: `2px solid var(--mantine-color-${p.state === 'upcoming' ? 'gray-3' : 'harbor-6'})`,
            }}
          >
            <Text fz="sm" fw={p.state === 'current' ? 600 : 400} c={p.state === 'upcoming' ? 'gray.7' : 'harbor.9'}>
              {p.label}
              {p.state === 'done' ? <VisuallyHidden component="span"> (done)</VisuallyHidden> : null}
              {notYetOpen(p)}
            </Text>
          </Entry>
        </li>
      ))}
    </Stack>
  );
}

/** The loan's application, section by section, as an ordered list; the current one is marked. */
export function SectionStepper({ pages, busy = false, id }: { pages: FlowPage[]; busy?: boolean; id?: string }) {
  return (
    <Box component="nav" aria-label="Application sections" aria-busy={busy} id={id}>
      <Stack component="ol" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
        {sectionsOf(pages).map((s, i) => (
          <li key={s.label}>
            <Entry
              page={s.pages[0]!}
              aria-current={s.state === 'current' ? 'step' : undefined}
              px="sm"
              py={6}
              w="100%"
              style={{
                display: 'block',
                borderRadius: 'var(--mantine-radius-md)',
                background: s.state === 'current' ? 'var(--mantine-color-harbor-0)' : undefined,
              }}
            >
              <Group gap="sm" wrap="nowrap">
                {marker(s.state, i + 1)}
                <Text fz="sm" fw={s.state === 'current' ? 600 : 400} c={s.state === 'upcoming' ? 'gray.7' : 'harbor.9'}>
                  {s.label}
                  {s.state === 'done' ? <VisuallyHidden component="span"> (done)</VisuallyHidden> : null}
                  {notYetOpen(s.pages[0]!)}
                </Text>
              </Group>
            </Entry>
            {s.pages.length > 1 ? <SectionPages pages={s.pages} /> : null}
          </li>
        ))}
      </Stack>
    </Box>
  );
}

/** On phones: the current section and a bar instead of the full list. */
export function SectionSummary({ pages }: { pages: FlowPage[] }) {
  const sections = sectionsOf(pages);
  const current = sections.findIndex((s) => s.state === 'current');
  const section = sections[current];
  if (!section) return null;
  const position = `Section ${current + 1} of ${sections.length}`;
  return (
    <Stack gap={8}>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text fw={600} fz="sm" c="harbor.9" style={{ whiteSpace: 'nowrap' }}>
          {position}
        </Text>
        <Text fz="sm" c="dimmed" truncate>
          {section.label}
        </Text>
      </Group>
      <Progress
        value={((current + 1) / sections.length) * 100}
        size="sm"
        radius="xl"
        aria-label={`${position}: ${section.label}`}
      />
    </Stack>
  );
}
