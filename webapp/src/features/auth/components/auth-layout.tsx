import { Anchor, Badge, Container, Paper } from '@mantine/core';
import { Link, Outlet, useLocation } from 'react-router';

import { MainContent } from '@/components/layouts/main-content';
import { SimpleHeader } from '@/components/layouts/simple-header';
import { SiteFooter } from '@/components/layouts/site-footer';
import { paths } from '@/config/paths';

/** The two sign-in pages: a card on a quiet background; staff sign-in is marked as the portal's. */
export function AuthLayout() {
  const isPortal = useLocation().pathname.startsWith(paths.portal);
  return (
    <>
      <SimpleHeader account={false}>
        {isPortal ? (
          <Badge variant="light" size="md" radius="sm" style={{ flexShrink: 0 }}>
            Staff portal
          </Badge>
        ) : (
          <Anchor underline="hover" component={Link} to={paths.faq} c="harbor.9" fw={500} fz="sm">
            Help
          </Anchor>
        )}
      </SimpleHeader>
      <MainContent bg="var(--app-surface)">
        <Container size={480} py={{ base: 'xl', sm: 64 }}>
          <Paper withBorder radius="lg" p={{ base: 'lg', sm: 40 }} shadow="xs">
            <Outlet />
          </Paper>
        </Container>
      </MainContent>
      <SiteFooter />
    </>
  );
}
