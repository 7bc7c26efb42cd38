import { useState } from 'react';
// From react-router/dom: its RouterProvider honours navigate(..., { flushSync })
// (signing out leaves a page that needs a session before the session ends).
import { RouterProvider } from 'react-router/dom';

import { AppProvider } from './provider';
import { createRouter } from './router';

export function App({ router: prepared }: { router?: ReturnType<typeof createRouter> }) {
  const [router] = useState(() => prepared ?? createRouter());
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
