import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page is the prerendered HTML being hydrated (and on the
 * server), true once React runs it: a prerendered form is shown at once but
 * takes input only when its handlers are attached, so nothing typed in
 * between is lost. On a page rendered in the browser it is true at once.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
