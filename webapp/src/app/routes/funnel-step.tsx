import { FunnelStepPage } from '@/features/prequal/components/funnel-step-page';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

export default function FunnelStepRoute() {
  useRouteDocumentTitle();
  return <FunnelStepPage />;
}
