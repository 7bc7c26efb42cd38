import { useApplication } from '@/features/application/api/get-application';
import { BorrowerConditions } from '@/features/conditions/components/borrower-conditions';
import { DocumentRequestPage } from '@/features/documents/components/document-request-page';
import { partyNames } from '@/features/documents/components/document-uploads';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

export default function UploadRoute() {
  useRouteDocumentTitle();
  const application = useApplication();
  return (
    <DocumentRequestPage kind="upload" names={partyNames(application.data)}>
      <BorrowerConditions onUploadPage />
    </DocumentRequestPage>
  );
}
