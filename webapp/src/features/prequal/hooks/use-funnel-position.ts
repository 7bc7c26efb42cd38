import { useMemo } from 'react';
import { useLocation } from 'react-router';

import { useFunnelSteps } from '@/api/get-funnel-steps';

import { flowPosition, funnelKindOf } from '../lib/funnel-flow';

/** Where the current page sits in its funnel, as the funnel policy orders it. */
export function useFunnelPosition() {
  const { pathname } = useLocation();
  const query = useFunnelSteps();
  const kind = funnelKindOf(pathname);
  const position = useMemo(
    () => (query.data && kind ? flowPosition(query.data, kind, pathname) : undefined),
    [query.data, kind, pathname],
  );
  return { query, position };
}
