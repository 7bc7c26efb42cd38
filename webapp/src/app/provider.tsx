import './styles';

import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';

import { systemInfoQueryKey } from '@/api/get-system-info';
import type { SystemInfo } from '@/api/types';
import { cssVariablesResolver, theme } from '@/config/theme';
import { createQueryClient } from '@/lib/react-query';

const NotificationsHost = lazy(() => import('./notifications-host'));

/**
 * The toast container loads once the first page is up: no toast is shown
 * before then, and one raised earlier waits in the store until it mounts.
 */
function DeferredNotifications() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const show = () => setReady(true);
    if ('requestIdleCallback' in window) {
      const id = window.requestIdleCallback(show, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = setTimeout(show, 1);
    return () => clearTimeout(id);
  }, []);
  return ready ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

/**
 * The server writes its system.info answer into the page it serves
 * (server/web/spa.go): with it, the first render shows what the prerendered
 * HTML shows (the sandbox banner), and no request waits for it.
 */
function seedFromPage(client: QueryClient): QueryClient {
  const json = typeof document === 'undefined' ? null : document.getElementById('system-info')?.textContent;
  if (json && !client.getQueryData(systemInfoQueryKey)) {
    client.setQueryDefaults(systemInfoQueryKey, { staleTime: Infinity, gcTime: Infinity });
    client.setQueryData(systemInfoQueryKey, JSON.parse(json) as SystemInfo);
  }
  return client;
}

export function AppProvider({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => seedFromPage(queryClient ?? createQueryClient()));
  return (
    <MantineProvider theme={theme} forceColorScheme="light" cssVariablesResolver={cssVariablesResolver}>
      <DeferredNotifications />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
