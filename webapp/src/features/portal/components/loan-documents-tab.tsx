import { Anchor, Badge, Group, Skeleton, Stack, Table, Text, Title } from '@mantine/core';

import { QueryError } from '@/components/ui/query-error';
import { formatDate } from '@/lib/format';

import {
  loanDocumentUrl,
  useLoanDocuments,
  type LoanRequiredDocument,
  type LoanUploadedDocument,
} from '../api/loan-documents';

// The documents tab: for the borrower and the coborrower, what the
// documents policy requires (required, uploaded, missing per type) and the
// files they uploaded, each downloaded as an attachment (the server checks
// the user may read this loan's documents and records the download).

export function LoanDocumentsTab({ loanId }: { loanId: string }) {
  const docs = useLoanDocuments(loanId);
  if (docs.isError) {
    return <QueryError title="The documents could not be loaded" error={docs.error} onRetry={() => void docs.refetch()} />;
  }
  const view = docs.data;
  if (!view) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the documents">
        <Skeleton height={28} width="40%" />
        <Skeleton height={160} />
      </Stack>
    );
  }
  const r = view.requirements;
  const uploads = view.uploads ?? [];
  const people: { party: 'borrower' | 'coborrower'; title: string; required: LoanRequiredDocument[] }[] = [
    { party: 'borrower', title: 'Borrower', required: r.documents.borrower ?? [] },
    ...(r.documents.coborrower ? [{ party: 'coborrower' as const, title: 'Coborrower', required: r.documents.coborrower }] : []),
  ];
  return (
    <Stack gap="xl">
      <Text>
        {r.totalMissing === 0
          ? `All ${r.totalRequired} required documents are in.`
          : `${r.totalMissing} of ${r.totalRequired} required documents ${r.totalMissing === 1 ? 'is' : 'are'} missing.`}
      </Text>
      {people.map((p) => (
        <section key={p.party} aria-labelledby={`documents-${p.party}`}>
          <Title order={2} id={`documents-${p.party}`} fz="h3" mb="sm">
            {p.title}
          </Title>
          <RequiredTable docs={p.required} />
          <UploadList uploads={uploads.filter((u) => u.party === p.party)} labels={p.required} />
        </section>
      ))}
    </Stack>
  );
}

function RequiredTable({ docs }: { docs: LoanRequiredDocument[] }) {
  if (docs.length === 0) return <Text c="dimmed">Nothing is required yet.</Text>;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Document</Table.Th>
            <Table.Th>Required</Table.Th>
            <Table.Th>Uploaded</Table.Th>
            <Table.Th>Missing</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {docs.map((d) => (
            <Table.Tr key={`${d.type}-${d.label}`}>
              <Table.Td>{d.label}</Table.Td>
              <Table.Td>{d.required}</Table.Td>
              <Table.Td>{d.uploaded}</Table.Td>
              <Table.Td>
                {d.missing > 0 ? (
                  <Badge color="red" variant="light" radius="sm" tt="none">
                    {d.missing} missing
                  </Badge>
                ) : (
                  <Badge color="teal" variant="light" radius="sm" tt="none">
                    Complete
                  </Badge>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function UploadList({ uploads, labels }: { uploads: LoanUploadedDocument[]; labels: LoanRequiredDocument[] }) {
  if (uploads.length === 0) {
    return (
      <Text c="dimmed" mt="sm" fz="sm">
        No files uploaded.
      </Text>
    );
  }
  const labelOf = (type: string) => labels.find((l) => l.type === type)?.label ?? type;
  return (
    <Stack gap={6} mt="md" component="ul" p={0} style={{ listStyle: 'none' }} aria-label="Files uploaded">
      {uploads.map((u) => (
        <Group key={u.id} component="li" gap="xs" wrap="wrap">
          <Anchor href={loanDocumentUrl(u.id)} download={u.fileName} aria-label={`Download ${u.fileName}`}>
            {u.fileName}
          </Anchor>
          <Text fz="sm" c="dimmed">
            {labelOf(u.type)}
            {u.side ? ` (${u.side})` : ''} · {Math.max(1, Math.round(u.size / 1024))} KB · {formatDate(u.uploadedAt)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
