import { Anchor, Stack, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';

import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/config/paths';
import { LoginForm } from '@/features/auth/components/login-form';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

export default function LoginRoute() {
  useRouteDocumentTitle();
  const isPortal = useLocation().pathname === paths.portalLogin;
  return (
    <Stack gap="lg">
      {isPortal ? (
        <PageHeading title="Staff sign in" help="For the lender’s staff and partners. Use your work e-mail address." />
      ) : (
        <PageHeading title="Sign in to your application" help="Use the e-mail address you gave when you checked your rate." />
      )}
      <LoginForm realm={isPortal ? 'portal' : 'applicant'} />
      {isPortal ? null : (
        <Text fz="sm" ta="center">
          New here?{' '}
          <Anchor component={Link} to={paths.initialSetup['property-value']!} fw={500} c="harbor.9" fz="sm">
            Check your rate
          </Anchor>
        </Text>
      )}
    </Stack>
  );
}
