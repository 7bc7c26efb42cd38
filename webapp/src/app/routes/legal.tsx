import { Container } from '@mantine/core';
import { useLocation } from 'react-router';

import { LegalDocumentView } from '@/features/content/components/legal-document-view';
import { legalDocuments } from '@/features/content/data/legal-documents';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

export default function LegalRoute() {
  useRouteDocumentTitle();
  const document = legalDocuments[useLocation().pathname];
  return <Container size={760} py={{ base: 'xl', md: 64 }}>{document ? <LegalDocumentView document={document} /> : null}</Container>;
}
