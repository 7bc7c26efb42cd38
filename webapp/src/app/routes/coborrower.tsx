import { CoborrowerPage } from '@/features/application/components/coborrower/coborrower-page';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

/** /app/coborrower: the coborrower's own part of the borrower's application, in their own sign-in. */
export default function CoborrowerRoute() {
  useRouteDocumentTitle();
  return <CoborrowerPage />;
}
