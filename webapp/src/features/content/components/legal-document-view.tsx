import { Stack, Text, Title } from '@mantine/core';

import type { LegalDocument } from '../data/legal-documents';

export function LegalDocumentView({ document }: { document: LegalDocument }) {
  return (
    <Stack gap="xl">
      <Stack gap="sm">
        <Title order={1}>{document.heading}</Title>
        <Text fz="lg" c="gray.8">
          {document.intro}
        </Text>
      </Stack>
      <LegalSections sections={document.sections} />
    </Stack>
  );
}

/** A legal document's sections, each a heading and its paragraphs. */
export function LegalSections({ sections }: { sections: LegalDocument['sections'] }) {
  return sections.map((section) => (
    <Stack key={section.heading} component="section" gap="xs">
      <Title order={2} fz="xl">
        {section.heading}
      </Title>
      {section.paragraphs.map((p) => (
        <Text key={p} lh={1.7}>
          {p}
        </Text>
      ))}
    </Stack>
  ));
}
