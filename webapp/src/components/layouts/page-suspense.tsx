import { Suspense, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * The boundary around a page whose code loads when first shown, one per
 * address: a navigation is a transition, and a boundary already on screen
 * would keep the last page there, under the new address and still
 * answering clicks, until the next page's code had come. A new boundary
 * shows `fallback` instead.
 */
export function PageSuspense({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const { pathname } = useLocation();
  return (
    <Suspense key={pathname} fallback={fallback}>
      {children}
    </Suspense>
  );
}
