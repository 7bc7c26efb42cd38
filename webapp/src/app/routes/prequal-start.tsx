import { Navigate } from 'react-router';

import { PageLoader } from '@/components/layouts/page-loader';
import { useFunnelPagesHere } from '@/features/prequal/hooks/use-funnel-pages-here';
import { QueryError } from '@/components/ui/query-error';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

/**
 * /prequal: the /prequal path's way in. It goes on to the first page of
 * the path's flow, as funnel.pages lists it (the page table's order),
 * replacing itself so Back does not come here again.
 */
export default function PrequalStartRoute() {
  useRouteDocumentTitle();
  const pages = useFunnelPagesHere();
  if (pages.isError) return <QueryError title="We couldn’t load the first question" error={pages.error} onRetry={() => void pages.refetch()} />;
  const first = pages.data?.pages[0];
  if (!first) return <PageLoader />;
  return <Navigate to={first.path} replace />;
}
