import { Container } from '@mantine/core';
import { Outlet } from 'react-router';

import { MainContent } from './main-content';
import { SimpleHeader } from './simple-header';
import { SiteFooter } from './site-footer';

/** Ineligible outcomes, standalone task pages and the error page. */
export function SimpleLayout() {
  return (
    <>
      <SimpleHeader />
      <MainContent>
        <Container size={720} py={{ base: 'xl', sm: 48 }}>
          <Outlet />
        </Container>
      </MainContent>
      <SiteFooter />
    </>
  );
}
