import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';

import { MainContent } from '@/components/layouts/main-content';
import { SimpleHeader } from '@/components/layouts/simple-header';
import { paths } from '@/config/paths';
import { useDocumentTitle } from '@/lib/use-document-title';

function isChunkLoadError(error: unknown): boolean {
  return error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message);
}

/** When a page fails to load or render: say so, and offer a reload. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  useDocumentTitle('Something went wrong');
  useEffect(() => {
    console.error(error);
  }, [error]);

  const updated = isChunkLoadError(error);
  const message = updated
    ? 'A newer version of this site is available. Reload the page to continue.'
    : isRouteErrorResponse(error)
      ? `The page could not be shown (${error.status}).`
      : 'The page could not be shown. Reloading usually fixes this.';

  return (
    <>
      <SimpleHeader />
      <MainContent>
        <Container size={640} py={{ base: 48, md: 96 }}>
          <Stack gap="md" align="flex-start">
            <Title order={1}>Something went wrong</Title>
            <Text c="dimmed" fz="lg">
              {message}
            </Text>
            <Group gap="sm" mt="sm">
              <Button onClick={() => window.location.reload()}>Reload the page</Button>
              <Button component="a" href={paths.home} variant="default">
                Go to the home page
              </Button>
            </Group>
          </Stack>
        </Container>
      </MainContent>
    </>
  );
}
