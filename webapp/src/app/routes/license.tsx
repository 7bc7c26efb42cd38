import { Container, List, Skeleton, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';

import { QueryError } from '@/components/ui/query-error';
import { paths } from '@/config/paths';
import { LegalSections } from '@/features/content/components/legal-document-view';
import { legalDocuments } from '@/features/content/data/legal-documents';
import { useLicensing, type Licensing } from '@/features/prequal/api/get-licensing';
import { formatDate } from '@/lib/format';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

function States({ licensing }: { licensing: Licensing }) {
  const licensed = licensing.states.filter((s) => s.licensed);
  const opening = licensing.states.filter((s) => !s.licensed && s.opensOn);
  return (
    <Stack gap="xl">
      <Stack gap={0}>
        <Text fw={500}>
          {licensing.company}, NMLS ID {licensing.nmlsId}
        </Text>
        <Text component="address" fs="normal">
          {licensing.address}
        </Text>
      </Stack>
      <Stack component="section" gap="xs" aria-labelledby="licensed-states">
        <Title order={2} fz="xl" id="licensed-states">
          Where we lend
        </Title>
        <Table.ScrollContainer minWidth={320}>
          <Table striped>
            <VisuallyHidden component="caption">States where we are licensed, with each licence number</VisuallyHidden>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">State</Table.Th>
                <Table.Th scope="col">Licence number</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {licensed.map((s) => (
                <Table.Tr key={s.code}>
                  <Table.Th scope="row" fw={400}>
                    {s.name}
                  </Table.Th>
                  <Table.Td>{s.licenseNumber ?? 'Licensed under our NMLS ID'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
      {opening.length > 0 ? (
        <Stack component="section" gap="xs" aria-labelledby="opening-states">
          <Title order={2} fz="xl" id="opening-states">
            Opening soon
          </Title>
          <List>
            {opening.map((s) => (
              <List.Item key={s.code}>
                {s.name}: from {formatDate(s.opensOn!)}
              </List.Item>
            ))}
          </List>
        </Stack>
      ) : null}
    </Stack>
  );
}

/**
 * /license: the company, its NMLS ID and the states where it is licensed,
 * with their licence numbers, and the states opening soon, from the
 * licensing table (licensing.states); then the page's fixed text.
 */
export default function LicenseRoute() {
  useRouteDocumentTitle();
  const licensing = useLicensing();
  const document = legalDocuments[paths.license]!;
  return (
    <Container size={760} py={{ base: 'xl', md: 64 }}>
      <Stack gap="xl">
        <Stack gap="sm">
          <Title order={1}>{document.heading}</Title>
          <Text fz="lg" c="gray.8">
            {document.intro}
          </Text>
        </Stack>
        {licensing.isPending ? (
          <Stack gap="sm">
            <VisuallyHidden role="status">Loading our licences</VisuallyHidden>
            <Skeleton h={24} w="60%" aria-hidden="true" />
            <Skeleton h={240} aria-hidden="true" />
          </Stack>
        ) : licensing.isError ? (
          <QueryError title="We couldn’t load our licences" error={licensing.error} onRetry={() => void licensing.refetch()} />
        ) : (
          <States licensing={licensing.data} />
        )}
        <LegalSections sections={document.sections} />
      </Stack>
    </Container>
  );
}
