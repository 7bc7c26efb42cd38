// /app/application/upload (incomeDocs): the documents the policy asks of the
// borrower and the coborrower, uploaded from a file or the camera. Continue
// asks the server (documents.complete) to move the loan on, which it does
// only when nothing is missing; what is missing is said beside the button.

import { Alert, Button, Flex, List, Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { useCompleteDocumentsMutation } from '@/api/documents/complete-documents';
import { useDocuments } from '@/api/documents/get-documents';
import { getFunnelPagesQueryOptions, useFunnelPages } from '@/api/get-funnel-pages';
import { isTRPCClientError } from '@/api/trpc-client';
import { QueryError } from '@/components/ui/query-error';
import { useApplication } from '@/features/application/api/get-application';
import { saveErrorMessage } from '@/features/application/components/section-page';
import { DocumentUploads, missingSummary, partyNames } from '@/features/documents/components/document-uploads';

export default function UploadPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const documents = useDocuments();
  const application = useApplication();
  const pages = useFunnelPages({ path: pathname });
  const complete = useCompleteDocumentsMutation();
  const [problem, setProblem] = useState<{ title: string; lines: string[] } | null>(null);
  const names = partyNames(application.data);

  if (documents.isPending) {
    return (
      <Stack gap="md" mt="md">
        <VisuallyHidden role="status">Loading your documents</VisuallyHidden>
        <Skeleton h={20} w="40%" aria-hidden="true" />
        <Skeleton h={160} aria-hidden="true" />
        <Skeleton h={160} aria-hidden="true" />
      </Stack>
    );
  }
  if (documents.isError) {
    return <QueryError title="We couldn’t load your documents" error={documents.error} onRetry={() => void documents.refetch()} />;
  }
  const view = documents.data;

  const onContinue = async () => {
    setProblem(null);
    const missing = missingSummary(view, names);
    if (view.requirements.totalMissing > 0 && missing.length > 0) {
      setProblem({ title: 'Some documents are still missing', lines: missing });
      return;
    }
    try {
      await complete.mutateAsync(undefined);
      const next = await queryClient.fetchQuery({ ...getFunnelPagesQueryOptions({ path: pathname }), staleTime: 0 });
      if (next.next) await navigate(next.next.path);
    } catch (err) {
      const fields = isTRPCClientError(err) ? err.fields : [];
      if (fields.length > 0) setProblem({ title: 'Some documents are still missing', lines: fields.map((f) => f.message) });
      else setProblem({ title: 'We couldn’t continue', lines: [saveErrorMessage(err)] });
    }
  };

  const previous = pages.data && !pages.isPlaceholderData ? pages.data.previous : null;
  const next = pages.data && !pages.isPlaceholderData ? pages.data.next : null;
  return (
    <Stack gap="lg">
      <DocumentUploads view={view} names={names} />
      {problem ? (
        <Alert color="red" variant="light" role="alert" title={problem.title} id="documents-problem">
          {problem.lines.length === 1 ? (
            problem.lines[0]
          ) : (
            <List fz="sm" spacing={4}>
              {problem.lines.map((line) => (
                <List.Item key={line}>{line}</List.Item>
              ))}
            </List>
          )}
        </Alert>
      ) : null}
      <Flex direction={{ base: 'column-reverse', sm: 'row' }} justify="space-between" align={{ sm: 'center' }} gap="sm" mt="md">
        {previous ? (
          <Button component={Link} to={previous.path} variant="default" size="md">
            Back
          </Button>
        ) : null}
        {view.readOnly ? (
          next ? (
            <Button component={Link} to={next.path} size="md" ml={{ sm: 'auto' }}>
              Next
            </Button>
          ) : null
        ) : (
          <Button
            size="md"
            ml={{ sm: 'auto' }}
            onClick={() => void onContinue()}
            loading={complete.isPending}
            aria-describedby={problem ? 'documents-problem' : undefined}
          >
            Continue
          </Button>
        )}
      </Flex>
    </Stack>
  );
}
