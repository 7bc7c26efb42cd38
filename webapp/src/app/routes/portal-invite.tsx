import { AcceptInvite } from '@/features/auth/components/accept-invite';

export default function PortalInviteRoute() {
  return <AcceptInvite />;
}
