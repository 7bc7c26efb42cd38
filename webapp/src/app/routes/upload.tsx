import { DocumentRequestPage } from '@/features/documents/components/document-request-page';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

export default function UploadRoute() {
  useRouteDocumentTitle();
  return <DocumentRequestPage kind="upload" />;
}
