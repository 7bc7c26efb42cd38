import { useMemo } from 'react';
import { useLocation } from 'react-router';

import { useFunnelSteps } from '@/api/get-funnel-steps';

import { applicationPosition } from '../lib/application-flow';

/** The current page's section and neighbours, as the funnel policy orders them. */
export function useApplicationPosition() {
  const { pathname } = useLocation();
  const query = useFunnelSteps();
  const position = useMemo(() => (query.data ? applicationPosition(query.data, pathname) : undefined), [query.data, pathname]);
  return { query, position };
}
