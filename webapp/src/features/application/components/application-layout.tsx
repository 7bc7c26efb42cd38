import { Anchor, Box, Button, Collapse, Container, Group, Paper, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Link, Outlet } from 'react-router';

import { MainContent } from '@/components/layouts/main-content';
import { SimpleHeader } from '@/components/layouts/simple-header';
import { SiteFooter } from '@/components/layouts/site-footer';
import { QueryError } from '@/components/ui/query-error';
import { paths } from '@/config/paths';

import { useApplicationPages } from '../hooks/use-application-pages';
import { SectionStepper, SectionSummary } from './section-stepper';

const PHONE_SECTIONS_ID = 'application-sections-phone';

function Sections({ compact = false }: { compact?: boolean }) {
  const query = useApplicationPages();
  const [open, { toggle }] = useDisclosure(false);
  if (query.isPending) {
    return (
      <Stack gap="sm">
        <VisuallyHidden role="status">Loading the sections of your application</VisuallyHidden>
        {Array.from({ length: compact ? 2 : 8 }, (_, i) => (
          <Skeleton key={i} h={28} aria-hidden="true" />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return <QueryError title="We couldn’t load the sections" error={query.error} onRetry={() => void query.refetch()} />;
  }
  const { pages } = query.data;
  if (!compact) return <SectionStepper pages={pages} busy={query.isPlaceholderData} />;
  return (
    <Stack gap="xs">
      <SectionSummary pages={pages} />
      <Button
        variant="subtle"
        size="compact-sm"
        onClick={toggle}
        aria-expanded={open}
        aria-controls={PHONE_SECTIONS_ID}
        style={{ alignSelf: 'flex-start' }}
      >
        {open ? 'Hide all sections' : 'Show all sections'}
      </Button>
      <Collapse expanded={open}>
        <SectionStepper pages={pages} busy={query.isPlaceholderData} id={PHONE_SECTIONS_ID} />
      </Collapse>
    </Stack>
  );
}

/** The full application: sections on the side (a summary bar on phones), the page beside them. */
export function ApplicationLayout() {
  return (
    <>
      <SimpleHeader>
        <Group component="nav" aria-label="Application" gap="md" wrap="nowrap">
          <Anchor
            underline="hover"
            component={Link}
            to={paths.application['application-summary']!}
            c="harbor.9"
            fw={500}
            fz="sm"
            visibleFrom="sm"
          >
            Summary
          </Anchor>
          <Anchor underline="hover" component={Link} to={paths.application.faqs!} c="harbor.9" fw={500} fz="sm">
            Help
          </Anchor>
        </Group>
      </SimpleHeader>
      <MainContent bg="var(--app-surface)">
        <Container py={{ base: 'lg', sm: 40 }}>
          <Group align="flex-start" gap="xl" wrap="nowrap">
            <Box component="aside" aria-label="Your progress" w={270} visibleFrom="md" style={{ flexShrink: 0, position: 'sticky', top: 16 }}>
              <Sections />
            </Box>
            <Stack gap="lg" style={{ flex: 1, minWidth: 0 }}>
              <Box hiddenFrom="md">
                <Sections compact />
              </Box>
              <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="xs">
                <Outlet />
              </Paper>
            </Stack>
          </Group>
        </Container>
      </MainContent>
      <SiteFooter />
    </>
  );
}
