import { Button, Group, Stack } from '@mantine/core';
import { Link, useSearchParams } from 'react-router';

import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/config/paths';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

// Sign-in errors arrive as ?error=<code> (spec §8; NextAuth's codes).
const messages: Record<string, string> = {
  SessionRequired: 'Please sign in to see that page.',
  CredentialsSignin: 'That sign-in did not work. Check your details and try again.',
  AccessDenied: 'You do not have access to that page.',
  Verification: 'That sign-in link has expired or was already used. Please request a new one.',
};

const fallback = 'We couldn’t complete that request. Please try again; if it keeps happening, come back a little later.';

export default function ErrorRoute() {
  useRouteDocumentTitle();
  const code = useSearchParams()[0].get('error') ?? '';
  return (
    <Stack gap="xl">
      <PageHeading title="Something went wrong" help={messages[code] ?? fallback} />
      <Group gap="sm">
        <Button component={Link} to={paths.home}>
          Go to the home page
        </Button>
        <Button component={Link} to={paths.appLogin} variant="default">
          Sign in
        </Button>
      </Group>
    </Stack>
  );
}
