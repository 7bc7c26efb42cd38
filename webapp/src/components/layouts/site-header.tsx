import { Anchor, Box, Burger, Button, Collapse, Container, Group, Stack } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useEffect } from 'react';
import { Link, NavLink, useLocation } from 'react-router';

import { paths } from '@/config/paths';

import { AccountSlot } from './account-slot';
import { Brand } from './brand';

const navLinks = [
  { to: paths.insights, label: 'Insights' },
  { to: paths.faq, label: 'FAQ' },
];

const NAV_ID = 'site-nav-mobile';

/** The marketing header: logo, Insights, FAQ and Sign in (Sign out when signed in); a menu button on phones. */
export function SiteHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  const { pathname } = useLocation();
  useEffect(close, [pathname, close]);

  return (
    <Box component="header" style={{ borderBottom: '1px solid var(--app-border)' }} bg="white">
      <Container>
        <Group h={68} justify="space-between" wrap="nowrap">
          <Brand />
          <Group component="nav" aria-label="Main" gap="lg" visibleFrom="sm" wrap="nowrap">
            {navLinks.map((link) => (
              <Anchor underline="hover" key={link.to} component={NavLink} to={link.to} c="harbor.9" fw={500}>
                {link.label}
              </Anchor>
            ))}
            <AccountSlot
              place="site"
              fallback={
                <Button component={Link} to={paths.appLogin} variant="outline">
                  Sign in
                </Button>
              }
            />
          </Group>
          <Burger
            hiddenFrom="sm"
            opened={opened}
            onClick={toggle}
            aria-label={opened ? 'Close menu' : 'Open menu'}
            aria-expanded={opened}
            aria-controls={NAV_ID}
          />
        </Group>
      </Container>
      <Collapse expanded={opened} hiddenFrom="sm">
        <Container pb="md">
          <Stack component="nav" id={NAV_ID} aria-label="Main" gap="xs">
            {navLinks.map((link) => (
              <Anchor underline="hover" key={link.to} component={NavLink} to={link.to} c="harbor.9" fw={500} py={6}>
                {link.label}
              </Anchor>
            ))}
            <AccountSlot
              place="site"
              fallback={
                <Button component={Link} to={paths.appLogin} variant="outline" fullWidth>
                  Sign in
                </Button>
              }
            />
          </Stack>
        </Container>
      </Collapse>
    </Box>
  );
}
