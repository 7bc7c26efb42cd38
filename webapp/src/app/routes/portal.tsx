import { PipelinePage } from '@/features/portal/components/pipeline-page';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

export default function PortalRoute() {
  useRouteDocumentTitle();
  return <PipelinePage />;
}
