import { Container, Text } from '@mantine/core';

import { useSystemInfo } from '@/api/get-system-info';

/** Shown on every page while the server runs its sandbox providers. */
export function SandboxBanner() {
  const { data } = useSystemInfo();
  if (!data?.sandbox) return null;
  return (
    <div role="region" aria-label="Sandbox mode" style={{ background: '#fff4d6', borderBottom: '1px solid #f0d58c' }}>
      <Container py={6}>
        <Text fz="sm" c="#5c4200" ta="center">
          <Text span inherit fw={600}>
            Sandbox mode:
          </Text>{' '}
          test data only, with no real credit checks, valuations or loans.
        </Text>
      </Container>
    </div>
  );
}
