import { screen } from '@testing-library/react';
import { act, lazy } from 'react';
import { Outlet } from 'react-router';

import { renderRoutes } from '@/testing/test-utils';

import { PageSuspense } from './page-suspense';

function First() {
  return <h1>First page</h1>;
}

// The next page's code, never come.
const Next = lazy(() => new Promise<{ default: () => null }>(() => {}));

describe('PageSuspense', () => {
  it('shows the loader, not the last page, while the next page’s code loads', async () => {
    const shell = (
      <PageSuspense fallback={<p>Loading the page</p>}>
        <Outlet />
      </PageSuspense>
    );
    const { router } = renderRoutes('/first', [
      { element: shell, children: [{ path: '/first', element: <First /> }, { path: '/next', element: <Next /> }] },
    ]);
    expect(await screen.findByRole('heading', { name: 'First page' })).toBeInTheDocument();
    await act(() => router.navigate('/next'));
    expect(screen.queryByRole('heading', { name: 'First page' })).not.toBeInTheDocument();
    expect(screen.getByText('Loading the page')).toBeInTheDocument();
  });
});
