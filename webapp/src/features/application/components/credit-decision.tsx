import { Alert, Badge, Button, Group, List, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import { AdverseActionNotice } from '@/components/adverse-action/adverse-action-notice';
import { formatDate } from '@/lib/format';
import { keepUp } from '@/lib/keep-up';

// The lender's decision on a submitted application, on the borrower's own
// page (issue 23): approved with its terms, a counteroffer's lower line,
// declined with the adverse-action notice's principal reasons, suspended
// with what is needed and by when, or withdrawn. application.decision, in
// the borrower's session; null before a decision (the page then says the
// application is in review). It keeps up (lib/keep-up): a decision made
// while the page is open shows without a reload.

export type BorrowerDecision = components['schemas']['BorrowerDecision'];
type Decided = NonNullable<BorrowerDecision['decision']>;

const PROCEDURE = 'application.decision';

/** Where the borrower downloads a decline's notice of action taken, as the PDF their e-mail carried. */
export const NOTICE_PDF_URL = '/api/application/notice.pdf';

export const decisionQueryKey = ['application', 'decision'] as const;

function decisionQueryOptions() {
  return queryOptions({
    queryKey: decisionQueryKey,
    queryFn: ({ signal }) => api.query<BorrowerDecision>(PROCEDURE, undefined, { signal }),
    ...keepUp,
  });
}

export function useDecision() {
  return useQuery(decisionQueryOptions());
}

const dollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 });
const cents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2 });

// The badge's tint says the kind of decision; its words are dark on the
// tint (a light badge's own coloured text is below AA's 4.5:1).
const colors: Record<Decided['action'], string> = {
  approve: 'green',
  counteroffer: 'blue',
  decline: 'red',
  suspend: 'orange',
  withdraw: 'gray',
};

/** The status badge: the decision's words, or "Submitted: in review" before one. */
export function DecisionBadge() {
  const decision = useDecision().data?.decision;
  if (!decision) {
    return (
      <Badge color="blue" variant="light" size="lg">
        Submitted: in review
      </Badge>
    );
  }
  return (
    <Badge color={colors[decision.action]} c="dark.9" variant="light" size="lg" tt="none">
      {decision.label}
    </Badge>
  );
}

/** The decision in full, under the status; nothing before one. */
export function CreditDecisionPanel() {
  const decision = useDecision().data?.decision;
  if (!decision) return null;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="decision-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="decision-heading">
          Our decision
        </Title>
        <Text fz="sm" c="dimmed">
          Decided on {formatDate(decision.decidedAt)}.
        </Text>
        <DecisionBody decision={decision} />
      </Stack>
    </Paper>
  );
}

function DecisionBody({ decision: d }: { decision: Decided }) {
  switch (d.action) {
    case 'approve':
    case 'counteroffer':
      return (
        <Stack gap="sm">
          <Text>
            {d.action === 'approve'
              ? 'Your application is approved. These are your final terms:'
              : `We can’t offer the line you asked for${d.terms?.requestedLine ? ` (${dollars.format(d.terms.requestedLine)})` : ''}, but we can offer a lower line on these terms:`}
          </Text>
          {d.terms ? <Terms terms={d.terms} /> : null}
          <Text fz="sm">We’ll contact you to schedule your closing.</Text>
        </Stack>
      );
    case 'decline':
      return (
        <Stack gap="sm">
          <Text>We’re sorry: we can’t approve your application. The principal reasons for our decision:</Text>
          <List aria-label="Principal reasons">
            {d.reasons.map((r) => (
              <List.Item key={r}>{r}</List.Item>
            ))}
          </List>
          {d.notice ? (
            <>
              <Text>Your notice, with your rights, is below. We also e-mailed it to you as a PDF.</Text>
              <Group>
                <Button component="a" href={NOTICE_PDF_URL} download="notice-of-action-taken.pdf" variant="default">
                  Download the notice (PDF)
                </Button>
              </Group>
              <AdverseActionNotice notice={d.notice} />
            </>
          ) : (
            <Alert variant="light" color="gray" title="Notice of action taken">
              {d.creditor ? `${d.creditor} took this action` : 'We took this action'}
              {d.noticeDate ? ` on ${formatDate(d.noticeDate)}` : ''}. The Equal Credit Opportunity Act gives you the right to know
              the principal reasons for it, listed above.
            </Alert>
          )}
        </Stack>
      );
    case 'suspend':
      return (
        <Stack gap="sm">
          <Text fw={600}>
            We need more information{d.neededBy ? ` by ${formatDate(d.neededBy)}` : ''} to decide on your application:
          </Text>
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{d.needed}</Text>
          <Text fz="sm">Send it from your document upload page, or reply to our e-mail.</Text>
        </Stack>
      );
    case 'withdraw':
      return <Text>Your application is withdrawn, as you asked. You’re welcome to apply again at any time.</Text>;
  }
}

function Terms({ terms: t }: { terms: NonNullable<Decided['terms']> }) {
  const rows: [string, string][] = [
    ['Line of credit', dollars.format(t.line)],
    ['APR (variable)', `${t.apr.toFixed(2)}%`],
    ['Origination fee', t.originationFee !== null ? dollars.format(t.originationFee) : '—'],
    ['Draw period', `${t.drawPeriodYears} years`],
    ['Repayment period', `${t.repaymentPeriodYears} years`],
  ];
  if (t.drawPaymentCents !== null) rows.push(['Monthly payment, draw period (line fully drawn)', cents.format(t.drawPaymentCents / 100)]);
  if (t.repaymentPaymentCents !== null)
    rows.push(['Monthly payment, repayment period (line fully drawn)', cents.format(t.repaymentPaymentCents / 100)]);
  return (
    <Table variant="vertical" withTableBorder layout="fixed" aria-label="Your terms">
      <Table.Tbody>
        {rows.map(([k, v]) => (
          <Table.Tr key={k}>
            <Table.Th w="55%">{k}</Table.Th>
            <Table.Td>{v}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
