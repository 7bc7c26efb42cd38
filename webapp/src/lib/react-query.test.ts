import { createQueryClient, queryConfig } from './react-query';

describe('query defaults (spec §7)', () => {
  it('are exactly no retry, no caching, refetch on mount always, no refetch on reconnect or focus', () => {
    expect(queryConfig).toEqual({
      queries: {
        retry: false,
        gcTime: 0,
        staleTime: 0,
        refetchOnMount: 'always',
        refetchOnReconnect: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    });
  });

  it('are what the app client uses', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions()).toEqual(queryConfig);
  });

  it('do not retry a failed query', async () => {
    const client = createQueryClient();
    const fn = vi.fn().mockRejectedValue(new Error('down'));
    await expect(client.fetchQuery({ queryKey: ['x'], queryFn: fn })).rejects.toThrow('down');
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
