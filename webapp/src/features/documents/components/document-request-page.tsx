import { Anchor, Button, Paper, Skeleton, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router';

import { getDocumentsQueryOptions } from '@/api/documents/get-documents';
import { isTRPCClientError } from '@/api/trpc-client';
import { PageHeading } from '@/components/ui/page-heading';
import { QueryError } from '@/components/ui/query-error';
import { paths } from '@/config/paths';
import { sessionRequiredPath } from '@/lib/auth/callback-url';
import { keepUp } from '@/lib/keep-up';

import { DocumentUploads, type PartyNames } from './document-uploads';

const copy = {
  upload: {
    heading: 'Upload your documents',
    help: 'The documents your application still needs, for you and any coborrower, with how many of each are missing. Upload a PDF or a photo from your phone’s camera.',
    types: undefined,
    empty: 'Your application doesn’t need any documents right now. If your loan team asks for one, it will be listed here.',
  },
  bankStatement: {
    heading: 'Share your bank statements',
    help: 'Statements covering the last 12 months. Download them as PDFs from your bank’s website, or take a photo of each page, then upload them here.',
    types: ['bankStatements'] as const,
    empty: 'Your application doesn’t need bank statements right now. If your loan team asks for them, they will be listed here.',
  },
} as const;

/** Either page once a credit decision closed the application: nothing is asked, the files stay to download. */
const closedCopy = {
  heading: 'Your documents',
  help: 'The documents you uploaded for your application, to download.',
};

/**
 * The standalone document pages a signed-in borrower reaches from a link in
 * an e-mail (/app/upload, /app/bank-statement; not redirected by the resume
 * rule): what the documents policy asks, with the upload controls. Someone
 * whose session has ended is offered the way to sign in again. `children`
 * follow the uploads once the documents have loaded (on /app/upload, the
 * loan team's conditions).
 */
export function DocumentRequestPage({ kind, names, children }: { kind: keyof typeof copy; names?: PartyNames; children?: ReactNode }) {
  const text = copy[kind];
  const { pathname } = useLocation();
  // It keeps up: a file the loan team rejects, or a document a new
  // condition asks, shows without a reload.
  const documents = useQuery({ ...getDocumentsQueryOptions(), ...keepUp });

  let body;
  if (documents.isPending) {
    body = (
      <Stack gap="md">
        <VisuallyHidden role="status">Loading your documents</VisuallyHidden>
        <Skeleton h={160} aria-hidden="true" />
      </Stack>
    );
  } else if (documents.isError) {
    const signedOut = isTRPCClientError(documents.error) && documents.error.code === 'UNAUTHORIZED';
    body = signedOut ? (
      <Paper withBorder radius="lg" p={{ base: 'lg', sm: 32 }} bg="white">
        <Stack gap="sm" align="flex-start">
          <Text>Sign in to see and upload the documents your application needs.</Text>
          <Button component={Link} to={sessionRequiredPath('applicant', pathname)}>
            Sign in
          </Button>
        </Stack>
      </Paper>
    ) : (
      <QueryError title="We couldn’t load your documents" error={documents.error} onRetry={() => void documents.refetch()} />
    );
  } else {
    body = (
      <Stack gap="lg">
        <DocumentUploads view={documents.data} names={names} types={text.types} empty={text.empty} />
        {children}
        <Text fz="sm">
          <Anchor component={Link} to={paths.application['application-summary']!}>
            See your application summary
          </Anchor>
        </Text>
      </Stack>
    );
  }

  const heading = documents.data?.closed ? closedCopy : text;
  return (
    <>
      <PageHeading title={heading.heading} help={heading.help} />
      <Stack mt="xl">{body}</Stack>
    </>
  );
}
