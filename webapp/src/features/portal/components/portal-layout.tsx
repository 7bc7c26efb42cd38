import { Anchor, Badge, Box, Button, Container, Group, ScrollArea } from '@mantine/core';
import { Link, NavLink, Outlet } from 'react-router';

import { AccountSlot } from '@/components/layouts/account-slot';
import { Brand } from '@/components/layouts/brand';
import { MainContent } from '@/components/layouts/main-content';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-store';

/** The portal's pages, each with the action of the access policy that opens it. */
const links = [
  { to: paths.portal, label: 'Pipeline', action: 'pipeline.view' },
  { to: paths.portalManageUsers, label: 'Manage users', action: 'users.read' },
  { to: paths.portalAudit, label: 'Audit log', action: 'audit.read' },
  { to: paths.portalPolicyRevisions, label: 'Policy revisions', action: 'policy.read' },
];

/**
 * The pages the signed-in user's role opens (the session names what it
 * grants): a page they may not open is not offered. Every page is still
 * decided by the server when asked. Nothing until the session is known.
 */
function usePortalLinks() {
  const { status, data } = useSession('portal');
  if (status !== 'authenticated' || !data) return [];
  const granted = data.user.actions;
  return granted ? links.filter((l) => granted.includes(l.action)) : links;
}

/** The staff portal: its own dark header (with the signed-in user's name, role and Sign out) and navigation. */
export function PortalLayout() {
  const shown = usePortalLinks();
  return (
    <>
      <Box component="header" bg="harbor.9">
        <Container size="xl">
          <Group h={60} justify="space-between" wrap="nowrap" gap="sm">
            <Group gap="sm" wrap="nowrap">
              {/* The signed-in user's name and role need the room on a phone more than the product's name does. */}
              <Brand inverted markOnPhone />
              <Badge variant="white" color="harbor.9" radius="sm" visibleFrom="xs">
                Staff portal
              </Badge>
            </Group>
            <AccountSlot
              place="portal"
              fallback={
                <Button component={Link} to={paths.portalLogin} variant="white" size="xs">
                  Sign in
                </Button>
              }
            />
          </Group>
        </Container>
        <Box bg="harbor.8">
          <Container size="xl">
            <ScrollArea type="never">
              <Group component="nav" aria-label="Portal" className="portal-nav" gap="lg" h={44} wrap="nowrap">
                {shown.map((link) => (
                  <Anchor
                    underline="never"
                    key={link.to}
                    component={NavLink}
                    to={link.to}
                    end
                    c="white"
                    fw={500}
                    fz="sm"
                  >
                    {link.label}
                  </Anchor>
                ))}
              </Group>
            </ScrollArea>
          </Container>
        </Box>
      </Box>
      <MainContent bg="gray.0">
        <Container size="xl" py="xl">
          <Outlet />
        </Container>
      </MainContent>
      <Box component="footer" py="md" style={{ borderTop: '1px solid var(--app-border)' }}>
        <Container size="xl">
          <Anchor component={Link} to={paths.privacyStatement} fz="xs" c="gray.7">
            Privacy statement
          </Anchor>
        </Container>
      </Box>
    </>
  );
}
