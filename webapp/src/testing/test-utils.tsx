import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';

import { theme } from '@/config/theme';
import { createQueryClient } from '@/lib/react-query';

/** Renders a page element at a path, inside the app's providers. */
export function renderAt(path: string, element: ReactElement, { routePath = path.split('?')[0]! } = {}) {
  const router = createMemoryRouter([{ path: routePath, element }], { initialEntries: [path] });
  const queryClient = createQueryClient();
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </MantineProvider>,
  );
}

type Answer = { status?: number; body: unknown };

/** Stubs fetch so /api/trpc/<procedure> answers from the table; records the calls. */
export function stubTRPC(answers: Record<string, (input: unknown) => Answer>) {
  const calls: string[] = [];
  const fetchStub = vi.fn(async (url: RequestInfo | URL) => {
    const u = new URL(String(url), 'http://localhost');
    const names = u.pathname.replace('/api/trpc/', '').split(',');
    calls.push(...names);
    const input = u.searchParams.get('input');
    const parsed = input ? JSON.parse(input) : undefined;
    const one = (name: string, i: number): Answer => {
      const answer = answers[name];
      if (!answer) return { status: 404, body: { error: { message: 'No such procedure', code: -32004, data: { code: 'NOT_FOUND', httpStatus: 404, path: name } } } };
      return answer(u.searchParams.get('batch') ? parsed?.[i] : parsed);
    };
    if (u.searchParams.get('batch')) {
      const results = names.map(one);
      return new Response(JSON.stringify(results.map((r) => r.body)), { status: results.every((r) => !r.status || r.status === 200) ? 200 : 207 });
    }
    const r = one(names[0]!, 0);
    return new Response(JSON.stringify(r.body), { status: r.status ?? 200 });
  });
  vi.stubGlobal('fetch', fetchStub);
  return { calls, fetch: fetchStub };
}

export function ok(data: unknown): Answer {
  return { body: { result: { data } } };
}
