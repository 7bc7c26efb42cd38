import { Anchor, Text } from '@mantine/core';

import { useSystemInfo } from '@/api/get-system-info';

/** The development outbox (server-rendered, not a page of this app). */
export const DEV_OUTBOX_URL = '/dev/outbox';

/** In sandbox mode no e-mail leaves the server: say where the codes go instead. */
export function SandboxOutboxNote() {
  const { data } = useSystemInfo();
  if (!data?.sandbox) return null;
  return (
    <Text fz="sm" c="#5c4200" bg="#fff4d6" p="sm" style={{ border: '1px solid #f0d58c', borderRadius: 8 }}>
      <Text span inherit fw={600}>
        Sandbox:
      </Text>{' '}
      sign-in codes are delivered to the{' '}
      <Anchor href={DEV_OUTBOX_URL} target="_blank" rel="noopener" inherit c="#5c4200" fw={600}>
        development outbox
      </Anchor>
      .
    </Text>
  );
}
