import { useLocation } from 'react-router';

import { FaqList } from '@/components/ui/faq-list';
import { paths } from '@/config/paths';
import { ApplicationPage } from '@/features/application/components/application-page';
import { applicationFaqs } from '@/features/application/content/application-faqs';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

export default function ApplicationRoute() {
  useRouteDocumentTitle();
  const isFaqs = useLocation().pathname === paths.application.faqs;
  return <ApplicationPage>{isFaqs ? <FaqList items={applicationFaqs} /> : null}</ApplicationPage>;
}
