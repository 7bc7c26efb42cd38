import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';

import { usePrequalStore } from '@/features/prequal/stores/prequal-store';
import { sessions } from '@/lib/auth/session-store';
import { loadValidators } from '@/lib/schema-resolver';

// The test files of a worker share one page and one copy of each module
// (vite.config.ts, isolate: false): this file runs before each of them, so
// each starts as the app does, with no toast showing, no session fetched
// and no prequalification answer kept.
notifications.clean();
for (const session of Object.values(sessions)) session.reset();
usePrequalStore.getState().reset();

// The forms' validators load with the first form that validates (a dynamic
// import of the generated module, as in the app). Loaded here, once per
// worker, so that no test's first check of a form waits on Vite transforming
// that large module: on a slow machine that took longer than a findBy* waits
// (1 s), and the first form test of a worker failed by the clock alone.
await loadValidators();

afterEach(() => {
  cleanup();
  // A toast lives outside the tree cleanup() unmounts.
  notifications.clean();
  localStorage.clear();
  // What a test wrote into the page itself (not rendered by React): the
  // worker's one page goes on to the next test file (isolate: false).
  document.body.innerHTML = '';
});

// jsdom lacks these; Mantine reads them.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub as unknown as typeof ResizeObserver;
window.scrollTo = () => {};

// The answer checks load beside the first page in the app (api/client.ts);
// here they are loaded before a file's tests, so that no answer comes later
// than a test waits for it.
await import('@/api/answers');
