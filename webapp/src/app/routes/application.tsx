import { Box, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useLocation } from 'react-router';

import { PageSuspense } from '@/components/layouts/page-suspense';
import { FaqList } from '@/components/ui/faq-list';
import { paths } from '@/config/paths';
import { ApplicationPage } from '@/features/application/components/application-page';
import { applicationFaqs } from '@/features/application/content/application-faqs';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

import { sectionPages } from './application-pages';

function PageLoading() {
  return (
    <Stack gap="md" mt="md">
      <VisuallyHidden role="status">Loading the page</VisuallyHidden>
      <Skeleton h={42} aria-hidden="true" />
      <Skeleton h={42} aria-hidden="true" />
    </Stack>
  );
}

export default function ApplicationRoute() {
  useRouteDocumentTitle();
  const { pathname } = useLocation();
  const Page = sectionPages[pathname];
  if (Page) {
    return (
      <ApplicationPage form>
        <Box mt="xl">
          <PageSuspense fallback={<PageLoading />}>
            <Page />
          </PageSuspense>
        </Box>
      </ApplicationPage>
    );
  }
  return <ApplicationPage>{pathname === paths.application.faqs ? <FaqList items={applicationFaqs} /> : null}</ApplicationPage>;
}
