import { PortalPage } from '@/features/portal/components/portal-page';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

export default function PortalRoute() {
  useRouteDocumentTitle();
  return (
    <PortalPage
      title="Pipeline"
      help="Every application with its borrower, property state, line amount, status, days since last activity, loan officer and processor."
      pending="The pipeline is not available yet: applications will be listed here."
    />
  );
}
