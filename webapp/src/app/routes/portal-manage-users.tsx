import { ManageUsers } from '@/features/portal/components/manage-users';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

export default function PortalManageUsersRoute() {
  useRouteDocumentTitle();
  return <ManageUsers />;
}
