import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';

import type { DocumentParty, RequiredDocument, UploadedDocument } from '@/api/documents/types';

import { categoryLabels } from '../content/document-copy';
import { UploadControl } from './upload-control';
import { awaitsReplacement, UploadedFiles } from './uploaded-files';

/** Spec §9 "ID subtypes": which sides of an ID a kind needs. */
function sidesText(sides: string | undefined): string {
  if (sides === 'both') return 'front and back';
  if (sides === 'front') return 'front only';
  return '';
}

/**
 * One document the policy asks of a person: its label and category, how
 * many are required, uploaded and missing, why it is asked, the kinds of
 * document that do (an ID's with their sides), the way to upload it and the
 * files uploaded. An ID takes a photo of each side. A document the loan team
 * asks (an underwriting condition) says so, and takes uploads after
 * submission too, as does one whose file the loan team rejected.
 */
export function RequiredDocumentCard({
  document,
  party,
  uploads,
  readOnly,
}: {
  document: RequiredDocument;
  party: DocumentParty;
  uploads: UploadedDocument[];
  readOnly: boolean;
}) {
  const titleId = useId();
  const category = categoryLabels[document.category] ?? document.category;
  const sides = document.type === 'idDocument' ? (['front', 'back'] as const) : null;
  const requested = Boolean(document.condition);
  // A file the loan team rejected is asked again, after submission too, until replaced.
  const replacing = readOnly && !requested && uploads.some(awaitsReplacement);
  const closed = readOnly && !requested && !replacing;
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={titleId} role="group">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={3} fz="lg" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {document.label}
          </Title>
          <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
            {category}
          </Badge>
        </Group>
        {requested ? (
          <Badge variant="light" color="blue" w="fit-content">
            Requested by your loan team
          </Badge>
        ) : null}
        <Group gap="lg" fz="sm" component="dl" m={0}>
          <Count term="Required" value={document.required} />
          <Count term="Uploaded" value={document.uploaded} />
          <Count term="Missing" value={document.missing} strong={document.missing > 0} />
        </Group>
        {document.reasons.length > 0 ? (
          <List fz="sm" c="dimmed" spacing={2} aria-label="Why we ask">
            {document.reasons.map((r) => (
              <List.Item key={r.code}>{r.message}</List.Item>
            ))}
          </List>
        ) : null}
        {document.items && document.items.length > 0 ? (
          <Text fz="sm">{document.items.join(', ')}</Text>
        ) : null}
        {document.subtypes && document.subtypes.length > 0 ? (
          <Text fz="sm">
            Any one of:{' '}
            {document.subtypes.map((s) => (sidesText(s.sides) ? `${s.label} (${sidesText(s.sides)})` : s.label)).join('; ')}
          </Text>
        ) : null}
        {closed ? null : sides ? (
          <Stack gap="md">
            {sides.map((side) => (
              <UploadControl key={side} document={document} party={party} side={side} />
            ))}
          </Stack>
        ) : (
          <UploadControl document={document} party={party} />
        )}
        <UploadedFiles uploads={uploads} readOnly={readOnly} label={document.label} />
      </Stack>
    </Paper>
  );
}

function Count({ term, value, strong = false }: { term: string; value: number; strong?: boolean }) {
  return (
    <Group gap={4} wrap="nowrap">
      <Text component="dt" fz="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" fz="sm" fw={strong ? 700 : 500} c={strong ? 'red.8' : undefined} m={0}>
        {value}
      </Text>
    </Group>
  );
}
