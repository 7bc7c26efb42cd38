import { Container, Paper, Stack } from '@mantine/core';
import { Outlet } from 'react-router';

import { MainContent } from '@/components/layouts/main-content';
import { SimpleHeader } from '@/components/layouts/simple-header';
import { SiteFooter } from '@/components/layouts/site-footer';

import { FunnelProgress } from './funnel-progress';

/** The prequalification funnels: one question per page, with progress. */
export function FunnelLayout() {
  return (
    <>
      <SimpleHeader />
      <MainContent bg="var(--app-surface)">
        <Container size={680} px={{ base: 'md', sm: 'xl' }} py={{ base: 'lg', sm: 48 }}>
          <Stack gap="lg">
            <FunnelProgress />
            <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="xs">
              <Outlet />
            </Paper>
          </Stack>
        </Container>
      </MainContent>
      <SiteFooter />
    </>
  );
}
