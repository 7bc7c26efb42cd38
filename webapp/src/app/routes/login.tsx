import { useLocation } from 'react-router';

import { paths } from '@/config/paths';
import { ApplicantLogin } from '@/features/auth/components/applicant-login';
import { PortalLogin } from '@/features/auth/components/portal-login';

export default function LoginRoute() {
  return useLocation().pathname === paths.portalLogin ? <PortalLogin /> : <ApplicantLogin />;
}
