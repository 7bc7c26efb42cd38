import { Button, Divider, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';

import { formatDate, formatPhone, phoneDigits } from '@/lib/format';

import type { AdverseAction } from '../../api/get-adverse-action';
import { notice as words } from '../../content/ineligible-copy';
import './print.css';

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  const id = useId();
  return (
    <Stack gap="xs" component="section" aria-labelledby={id}>
      <Title order={3} fz="lg" id={id}>
        {title}
      </Title>
      {children}
    </Stack>
  );
}

/** One term of a description list, on one line (a div inside dl is valid HTML). */
function Fact({ term, value }: { term: string; value: string }) {
  return (
    <Group gap="xs" wrap="wrap">
      <Text component="dt" fw={500}>
        {term}:
      </Text>
      <Text component="dd" m={0}>
        {value}
      </Text>
    </Group>
  );
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <Text component="address" fs="normal" style={{ whiteSpace: 'pre-line' }}>
      {lines.filter(Boolean).join('\n')}
    </Text>
  );
}

/**
 * The adverse-action notice ECOA and FCRA require (Reg B 12 CFR 1002.9,
 * FCRA §615(a)), as stored with the decision: the principal reasons, the
 * score used with its range, date and key factors, the credit bureau's name
 * and contact with the rights to a free report and to dispute, and the ECOA
 * statement naming the creditor and the FTC. Printable on its own.
 */
export function AdverseActionNotice({ notice }: { notice: AdverseAction }) {
  const headingId = useId();
  const { creditor, bureau } = notice;
  return (
    <Paper component="article" aria-labelledby={headingId} withBorder radius="md" p={{ base: 'md', sm: 'xl' }} className="printable">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={2} fz="xl" id={headingId}>
            {words.heading}
          </Title>
          <Text fz="sm" c="dimmed">
            {creditor.name} · NMLS ID {creditor.nmlsId} · <time dateTime={notice.date}>{formatDate(notice.date)}</time> · Notice{' '}
            {notice.noticeId}
          </Text>
        </Stack>
        <Text>{words.decision}</Text>

        <Section title={words.reasonsHeading}>
          <List spacing={4}>
            {notice.reasons.map((r) => (
              <List.Item key={r}>{r}</List.Item>
            ))}
          </List>
        </Section>

        <Section title={words.scoreHeading}>
          <Text>{words.scoreIntro}</Text>
          {notice.score === null ? (
            <Text fw={500}>{words.noScore}</Text>
          ) : (
            <Stack component="dl" gap={4} m={0}>
              <Fact term="Your credit score" value={String(notice.score)} />
              <Fact term="Scores range" value={`from a low of ${notice.scoreRange.min} to a high of ${notice.scoreRange.max}`} />
              {notice.scoreDate ? <Fact term="Date of the score" value={formatDate(notice.scoreDate)} /> : null}
            </Stack>
          )}
          {notice.keyFactors.length > 0 ? (
            <>
              <Text fw={500}>{words.keyFactorsHeading}:</Text>
              <List spacing={4}>
                {notice.keyFactors.map((f) => (
                  <List.Item key={f}>{f}</List.Item>
                ))}
              </List>
            </>
          ) : null}
        </Section>

        <Section title={words.fcraHeading}>
          {words.fcra.map((p) => (
            <Text key={p}>{p}</Text>
          ))}
          <Lines lines={[bureau.name, bureau.address, phoneDigits(bureau.phone).length === 10 ? formatPhone(bureau.phone) : bureau.phone, bureau.website]} />
        </Section>

        <Divider />
        <Section title={words.ecoaHeading}>
          <Text>{words.ecoa}</Text>
          <Text>{words.ecoaAgency}</Text>
          <Lines lines={[...words.ftc]} />
          <Text fz="sm" c="dimmed">
            Creditor:
          </Text>
          <Lines lines={[creditor.name, creditor.address, `NMLS ID ${creditor.nmlsId}`]} />
        </Section>

        <Group className="no-print">
          <Button variant="default" onClick={() => window.print()}>
            Print this notice
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
