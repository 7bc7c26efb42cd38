import { Notifications } from '@mantine/notifications';

/** Spec §2/§9: toasts at the bottom-left, at most 3 at a time. */
export default function NotificationsHost() {
  return <Notifications position="bottom-left" limit={3} />;
}
