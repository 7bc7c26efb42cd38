import { Paper, ScrollArea, Text, Title } from '@mantine/core';

import type { Consent } from '@/api/get-consents';

/** A consent's versioned wording, shown in full (scrollable) above the box that agrees to it. */
export function ConsentText({ consent, id, extra }: { consent: Consent; id: string; extra?: string }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={id}>
      <Title order={2} fz="md" id={id} mb="xs">
        {consent.title}
      </Title>
      <ScrollArea.Autosize mah={180} type="auto" offsetScrollbars>
        {/* Focusable, so a keyboard can scroll it. */}
        <Text fz="sm" style={{ whiteSpace: 'pre-line' }} tabIndex={0}>
          {consent.text}
          {extra ? `\n\n${extra}` : null}
        </Text>
      </ScrollArea.Autosize>
    </Paper>
  );
}
