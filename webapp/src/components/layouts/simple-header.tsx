import { Anchor, Box, Container, Group, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { AccountSlot } from './account-slot';
import { Brand } from './brand';

/** A quiet header for task pages: the logo, and help or an exit on the right; Sign out for a signed-in applicant. */
export function SimpleHeader({
  children,
  bg = 'white',
  account = true,
}: {
  children?: ReactNode;
  bg?: MantineColor;
  /** Whether a signed-in applicant's Sign out shows (not on the sign-in pages). */
  account?: boolean;
}) {
  return (
    <Box component="header" bg={bg} style={{ borderBottom: '1px solid var(--app-border)' }}>
      <Container>
        <Group h={64} justify="space-between" wrap="nowrap" gap="sm">
          <Brand />
          <Group gap="sm" wrap="nowrap">
            {children ?? (
              <Anchor underline="hover" component={Link} to={paths.faq} c="harbor.9" fw={500} fz="sm">
                Help
              </Anchor>
            )}
            {account ? <AccountSlot place="task" /> : null}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
