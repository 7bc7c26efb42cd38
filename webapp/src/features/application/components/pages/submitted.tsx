import { Alert, Anchor, Box, Button, Group, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

import { QueryError } from '@/components/ui/query-error';
import { paths } from '@/config/paths';

import { useApplication, type ApplicationView } from '../../api/get-application';
import { CreditDecisionPanel, DecisionBadge, useDecision, type BorrowerDecision } from '../credit-decision';
import { formatDate, formatDollars } from '@/lib/format';

// submitted (screens.md): what happens next, with the usual timeline
// (review, conditions, appraisal where needed, closing) while it is ahead
// (the steps after review once the application is approved; none once it
// is declined or withdrawn: it is closed), and the status.
// Links to the application summary, read-only now, and to the document
// upload for what underwriting asks for later. What the loan team asks
// (underwriting conditions) is listed here with the way to answer each: the
// conditions feature's list, passed in by app/routes/application-pages.

const summaryPath = paths.application['application-summary'] ?? '/app/application/application-summary';
const disbursementPath = paths.application['loan-disbursement'] ?? '/app/application/loan-disbursement';

/** The usual steps after submission, in order. */
export const nextSteps: readonly { title: string; body: string }[] = [
  {
    title: 'Review',
    body: 'An underwriter reviews your application, your credit and your income. This usually takes 2 to 5 business days.',
  },
  {
    title: 'Conditions',
    body: 'If we need anything else, such as a recent statement or an explanation, we e-mail you and list it on your document upload page.',
  },
  {
    title: 'Appraisal, where needed',
    body: 'Depending on your home and your line, we value the home with an automated valuation or order an appraisal. An appraiser may contact you to arrange a visit.',
  },
  {
    title: 'Closing',
    body: 'We send you the final terms and schedule your closing with a notary. For your primary residence, the law gives you 3 business days to cancel after closing; your first draw is sent after that.',
  },
];

type Decision = BorrowerDecision['decision'] | undefined;

/** What is left of the timeline after the decision, as the underwriting table says: all of it while in review (or suspended), the steps after review once the decision ended it (reviewed: an approval, a counteroffer), none once it closed the application (closed: a decline, a withdrawal). */
export function stepsAfter(decision: Decision): readonly { title: string; body: string }[] {
  if (decision?.closed) return [];
  if (decision?.reviewed) return nextSteps.slice(1);
  return nextSteps;
}

/** What the borrower of a closed application reads under "What happens next": where a decision with a notice of action taken (a decline) shows it above, where its reasons are. */
function closedText(decision: Decision): string {
  const closed = 'Nothing more: this application is closed, and we need nothing else from you.';
  if (!decision?.notice) return closed;
  return `${closed} Your notice above gives the reasons for our decision and your rights. You’re welcome to apply again at any time.`;
}

function NextSteps({ decision }: { decision: Decision }) {
  const steps = stepsAfter(decision);
  return (
    <Stack gap="md" component="section" aria-labelledby="submitted-next-heading">
      <Title order={2} fz="lg" id="submitted-next-heading">
        What happens next
      </Title>
      {steps.length === 0 ? (
        <Text>{closedText(decision)}</Text>
      ) : (
        <Box component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
          {steps.map((s, i) => (
            <Box component="li" key={s.title} mb="md">
              <Group align="flex-start" wrap="nowrap" gap="md">
                <ThemeIcon radius="xl" size="lg" variant="light" aria-hidden="true">
                  {i + 1}
                </ThemeIcon>
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Title order={3} fz="md">
                    {s.title}
                  </Title>
                  <Text fz="sm">{s.body}</Text>
                </Stack>
              </Group>
            </Box>
          ))}
        </Box>
      )}
    </Stack>
  );
}

function submittedOn(at: string | null | undefined): string | null {
  if (!at) return null;
  const day = formatDate(at);
  return day === at ? null : day;
}

function Submitted({ view, conditions }: { view: ApplicationView; conditions: ReactNode }) {
  const decision = useDecision();
  const decided = decision.data?.decision;
  if (!view.readOnly) {
    return (
      <Alert color="yellow" variant="light" title="Your application hasn’t been submitted yet">
        <Stack gap="sm">
          <Text fz="sm">Finish your application and choose “Save and submit application” on the loan disbursement page.</Text>
          <Anchor component={Link} to={disbursementPath} fz="sm">
            Go to loan disbursement
          </Anchor>
        </Stack>
      </Alert>
    );
  }
  const on = submittedOn(view.application.submittedAt);
  const draw = view.application.disbursement?.initialDraw;
  return (
    <Stack gap="xl">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="submitted-status-heading">
        <Stack gap="xs">
          <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
            <Title order={2} fz="lg" id="submitted-status-heading">
              Status
            </Title>
            <DecisionBadge />
          </Group>
          <Text>
            {on ? `We received your application on ${on}.` : 'We received your application.'} It can no longer be changed online; if
            something has changed, tell us when we contact you.
          </Text>
          {typeof draw === 'number' ? (
            <Text fz="sm" c="dimmed">
              First draw requested: {formatDollars(draw)}, to account {view.application.disbursement?.accountNumber}.
            </Text>
          ) : null}
        </Stack>
      </Paper>

      <CreditDecisionPanel />

      {conditions}

      {/* Until the decision is known, no timeline that it might take back. */}
      {decision.isPending ? null : <NextSteps decision={decided} />}

      <Group gap="sm" wrap="wrap">
        <Button component={Link} to={summaryPath} variant="default" size="md">
          View your application
        </Button>
        {!decision.isPending && stepsAfter(decided).length > 0 ? (
          <Button component={Link} to={paths.upload} variant="default" size="md">
            Upload documents
          </Button>
        ) : null}
      </Group>
    </Stack>
  );
}

/** The submitted page; `conditions` is shown under the status (the loan team's underwriting conditions). */
export default function SubmittedPage({ conditions = null }: { conditions?: ReactNode }) {
  const application = useApplication();
  if (application.isPending) return <Skeleton h={240} aria-hidden="true" />;
  if (application.isError) {
    return <QueryError title="We couldn’t load your application" error={application.error} onRetry={() => void application.refetch()} />;
  }
  return <Submitted view={application.data} conditions={conditions} />;
}
