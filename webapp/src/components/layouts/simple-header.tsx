import { Anchor, Box, Container, Group, type MantineColor } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { Brand } from './brand';

/** A quiet header for task pages: the logo, and help or an exit on the right. */
export function SimpleHeader({ children, bg = 'white' }: { children?: ReactNode; bg?: MantineColor }) {
  return (
    <Box component="header" bg={bg} style={{ borderBottom: '1px solid var(--app-border)' }}>
      <Container>
        <Group h={64} justify="space-between" wrap="nowrap" gap="sm">
          <Brand />
          {children ?? (
            <Anchor underline="hover" component={Link} to={paths.faq} c="harbor.9" fw={500} fz="sm">
              Help
            </Anchor>
          )}
        </Group>
      </Container>
    </Box>
  );
}
