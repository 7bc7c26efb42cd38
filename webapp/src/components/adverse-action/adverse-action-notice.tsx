import { Button, Divider, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';

import type { AdverseAction } from '@/api/get-adverse-action';
import '@/components/ui/print.css';
import { formatDate, formatPhone, phoneDigits } from '@/lib/format';

/**
 * The headings of a notice stored before its wording came from the rules
 * (no `wording`): such a notice shows what it stored (reasons, score,
 * bureau, creditor) under these headings, and no statutory text of ours.
 */
const OLD_NOTICE_HEADINGS = {
  heading: 'Notice of action taken',
  reasonsHeading: 'Principal reasons for our decision',
  scoreHeading: 'Your credit score',
  keyFactorsHeading: 'Key factors that adversely affected your credit score',
  fcraHeading: 'Your rights under the Fair Credit Reporting Act',
  ecoaHeading: 'Equal Credit Opportunity Act notice',
} as const;

function Paragraphs({ texts }: { texts: readonly (string | undefined)[] }) {
  return (
    <>
      {texts.filter((t): t is string => Boolean(t)).map((t) => (
        <Text key={t}>{t}</Text>
      ))}
    </>
  );
}

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
 * FCRA §615(a)), as stored with the decision, in the wording the rules gave
 * it (heloc.notice.adverse_action; its version shown small): the principal
 * reasons, the score used with its range, date and key factors whenever a
 * consumer report was used, the credit bureau's name and contact with the
 * rights to a free report and to dispute, and the ECOA statement naming the
 * creditor and its federal agency. Printable on its own.
 */
export function AdverseActionNotice({ notice }: { notice: AdverseAction }) {
  const headingId = useId();
  const { creditor, bureau } = notice;
  const wording = notice.wording ?? {};
  const words = { ...OLD_NOTICE_HEADINGS, ...wording };
  // A consumer report was used: its score (or that it had none) and its bureau.
  const reportUsed = notice.score !== null || Boolean(bureau.name);
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
        <Paragraphs texts={[wording.decision]} />

        <Section title={words.reasonsHeading}>
          <List spacing={4}>
            {notice.reasons.map((r) => (
              <List.Item key={r}>{r}</List.Item>
            ))}
          </List>
        </Section>

        {reportUsed ? (
          <Section title={words.scoreHeading}>
            <Paragraphs texts={[wording.scoreIntro]} />
            {notice.score === null ? (
              wording.noScore ? (
                <Text fw={500}>{wording.noScore}</Text>
              ) : (
                <Stack component="dl" gap={4} m={0}>
                  <Fact term="Your credit score" value="none" />
                </Stack>
              )
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
        ) : null}

        {reportUsed ? (
          <Section title={words.fcraHeading}>
            <Paragraphs texts={wording.fcra ?? []} />
            <Lines
              lines={[bureau.name, bureau.address, phoneDigits(bureau.phone).length === 10 ? formatPhone(bureau.phone) : bureau.phone, bureau.website]}
            />
          </Section>
        ) : null}

        <Divider />
        <Section title={words.ecoaHeading}>
          <Paragraphs texts={[wording.ecoa, wording.ecoaAgency]} />
          {wording.agency && wording.agency.length > 0 ? <Lines lines={wording.agency} /> : null}
          <Text fz="sm" c="dimmed">
            Creditor:
          </Text>
          <Lines lines={[creditor.name, creditor.address, `NMLS ID ${creditor.nmlsId}`]} />
        </Section>

        {notice.version ? (
          <Text fz="xs" c="dimmed">
            Notice version {notice.version}
          </Text>
        ) : null}

        <Group className="no-print">
          <Button variant="default" onClick={() => window.print()}>
            Print this notice
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
