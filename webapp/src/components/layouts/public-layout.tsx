import { Outlet } from 'react-router';

import { MainContent } from './main-content';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Marketing and legal pages: full header, content, footer. */
export function PublicLayout() {
  return (
    <>
      <SiteHeader />
      <MainContent>
        <Outlet />
      </MainContent>
      <SiteFooter />
    </>
  );
}
