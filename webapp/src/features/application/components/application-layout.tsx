import { Anchor, Box, Container, Group, Paper, Skeleton, Stack } from '@mantine/core';
import { Link, Outlet } from 'react-router';

import { MainContent } from '@/components/layouts/main-content';
import { SimpleHeader } from '@/components/layouts/simple-header';
import { SiteFooter } from '@/components/layouts/site-footer';
import { QueryError } from '@/components/ui/query-error';
import { paths } from '@/config/paths';

import { useApplicationPosition } from '../hooks/use-application-position';
import { SectionStepper, SectionSummary } from './section-stepper';

function Sections({ compact = false }: { compact?: boolean }) {
  const { query, position } = useApplicationPosition();
  if (query.isPending) {
    return (
      <Stack gap="sm" aria-hidden="true">
        {Array.from({ length: compact ? 2 : 8 }, (_, i) => (
          <Skeleton key={i} h={28} />
        ))}
      </Stack>
    );
  }
  if (query.isError) {
    return <QueryError title="We couldn’t load the sections" error={query.error} onRetry={() => void query.refetch()} />;
  }
  if (!position) return null;
  return compact ? (
    <SectionSummary sections={position.sections} current={position.sectionIndex} />
  ) : (
    <SectionStepper sections={position.sections} current={position.sectionIndex} />
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
