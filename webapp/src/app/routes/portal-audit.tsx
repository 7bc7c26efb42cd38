import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';

import { PageHeading } from '@/components/ui/page-heading';
import type { AuditFilters } from '@/features/portal/api/audit-list';
import { AuditLog } from '@/features/portal/components/audit-log';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

const keys = ['actor', 'loanId', 'action', 'from', 'to'] as const;

/** /portal/audit: the audit log for administrators; the filters live in the URL, so a view can be shared. */
export default function PortalAuditRoute() {
  useRouteDocumentTitle();
  const [params, setParams] = useSearchParams();
  const filters: AuditFilters = Object.fromEntries(keys.flatMap((k) => (params.get(k) ? [[k, params.get(k)]] : [])));
  const apply = (f: AuditFilters) =>
    setParams(Object.fromEntries(keys.flatMap((k) => (f[k] ? [[k, String(f[k])]] : []))), { replace: false });
  return (
    <Stack gap="xl">
      <PageHeading
        title="Audit log"
        help="Every view of a borrower’s personal data and every change made in the portal: who, when, on which loan, from where."
      />
      <AuditLog filters={filters} onFiltersChange={apply} />
    </Stack>
  );
}
