import { useLocation } from 'react-router';

import { INELIGIBLE_PREFIX } from '@/config/paths';
import { IneligibleOutcome } from '@/features/prequal/components/ineligible-outcome';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

export default function IneligibleRoute() {
  useRouteDocumentTitle();
  return <IneligibleOutcome reason={useLocation().pathname.slice(INELIGIBLE_PREFIX.length)} />;
}
