import { useLocation } from 'react-router';

import { useFunnelPages } from '@/api/get-funnel-pages';

/** funnel.pages for the application page being shown: the server fills in the signed-in applicant's loan. */
export function useApplicationPages() {
  return useFunnelPages({ path: useLocation().pathname });
}
