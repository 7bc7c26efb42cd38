import { DocumentRequestPage } from '@/features/documents/components/document-request-page';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

export default function BankStatementRoute() {
  useRouteDocumentTitle();
  return <DocumentRequestPage kind="bankStatement" />;
}
