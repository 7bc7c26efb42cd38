import { PortalPage } from '@/features/portal/components/portal-page';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

export default function PortalManageUsersRoute() {
  useRouteDocumentTitle();
  return (
    <PortalPage
      title="Manage users"
      help="Portal users, their roles and whether they are active: invite someone, change a role, deactivate a user or reset a second factor."
      pending="User management is not available yet: portal users will be listed here."
    />
  );
}
