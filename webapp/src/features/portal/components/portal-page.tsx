import { Paper, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { PageHeading } from '@/components/ui/page-heading';

/** A portal page for a signed-in user: its heading, and what it will show. */
export function PortalPage({ title, help, pending }: { title: string; help: ReactNode; pending: string }) {
  return (
    <>
      <PageHeading title={title} help={help} />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 32 }} mt="xl" bg="white">
        <Text c="dimmed">{pending}</Text>
      </Paper>
    </>
  );
}
