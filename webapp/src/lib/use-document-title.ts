import { useEffect } from 'react';

import { useProductName } from '@/api/get-system-info';

import { useRouteTitle } from './use-current-route';

/** Sets the tab's title to "<title> | <product name>" while the page is shown. */
export function useDocumentTitle(title: string) {
  const productName = useProductName();
  useEffect(() => {
    document.title = title ? `${title} | ${productName}` : productName;
  }, [title, productName]);
}

/** The tab's title from routes.json, unless the page knows a better one (a post's title, say). */
export function useRouteDocumentTitle(override?: string) {
  const routeTitle = useRouteTitle();
  useDocumentTitle(override || routeTitle);
}
