import { Stack } from '@mantine/core';

import { PageHeading } from '@/components/ui/page-heading';
import { PolicyRevisionsList } from '@/features/portal/components/policy-revisions';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

/** /portal/policy-revisions: the published policy revisions, for administrators and compliance (read-only). */
export default function PortalPolicyRevisionsRoute() {
  useRouteDocumentTitle();
  return (
    <Stack gap="xl">
      <PageHeading
        title="Policy revisions"
        help="Every revision of the rules published or rolled back: who, when, why, from when it is in force, the checks it passed and what it changed of the stored decisions."
      />
      <PolicyRevisionsList />
    </Stack>
  );
}
