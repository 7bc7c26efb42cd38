import { LoanPage } from '@/features/portal/components/loan-page';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

export default function PortalLoanRoute() {
  useRouteDocumentTitle();
  return <LoanPage />;
}
