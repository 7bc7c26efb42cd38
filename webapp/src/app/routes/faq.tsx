import { Anchor, Container, Text } from '@mantine/core';
import { Link } from 'react-router';

import { FaqList } from '@/components/ui/faq-list';
import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/config/paths';
import { faqs } from '@/features/content/data/faqs';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

export default function FaqRoute() {
  useRouteDocumentTitle();
  return (
    <Container size={820} py={{ base: 'xl', md: 64 }}>
      <PageHeading
        title="Frequently asked questions"
        help="How a home equity line of credit works, what it costs, and what checking your rate involves."
      />
      <FaqList items={faqs} />
      <Text mt="xl">
        Ready to see your numbers?{' '}
        <Anchor component={Link} to={paths.initialSetup['property-value']!} fw={500} c="harbor.9">
          Check your rate
        </Anchor>
        .
      </Text>
    </Container>
  );
}
