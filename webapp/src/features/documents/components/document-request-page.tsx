import { Paper, Text } from '@mantine/core';

import { PageHeading } from '@/components/ui/page-heading';

const copy = {
  upload: {
    heading: 'Upload your documents',
    help: 'Send the documents your loan team asked for, such as paystubs, tax returns or a mortgage statement. Photos and PDFs both work.',
    pending: 'Uploading from this page is not open yet. Your loan team will e-mail you when it is, with the list of documents your application still needs.',
  },
  bankStatement: {
    heading: 'Share your bank statements',
    help: 'We ask for statements covering the last 12 months. Download them as PDFs from your bank’s website, then upload them here.',
    pending: 'Uploading statements from this page is not open yet. Your loan team will e-mail you when it is.',
  },
} as const;

/** The standalone document pages a signed-in borrower reaches from a link in an e-mail. */
export function DocumentRequestPage({ kind }: { kind: keyof typeof copy }) {
  const text = copy[kind];
  return (
    <>
      <PageHeading title={text.heading} help={text.help} />
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 32 }} mt="xl" bg="white">
        <Text c="dimmed">{text.pending}</Text>
      </Paper>
    </>
  );
}
