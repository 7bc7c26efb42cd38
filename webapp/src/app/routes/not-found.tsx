import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

export default function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <Container size={640} py={{ base: 48, md: 96 }}>
      <Stack gap="md" align="flex-start">
        <Text fw={600} c="harbor.8">
          404
        </Text>
        <Title order={1}>Page not found</Title>
        <Text c="dimmed" fz="lg">
          We couldn’t find the page you were looking for. It may have moved, or the address may have a typo.
        </Text>
        <Group gap="sm" mt="sm">
          <Button component={Link} to={paths.home}>
            Go to the home page
          </Button>
          <Button component={Link} to={paths.faq} variant="default">
            Read our FAQ
          </Button>
        </Group>
      </Stack>
    </Container>
  );
}
