import { Alert, Badge, Button, Group, List, Paper, Skeleton, Stack, Text, Textarea, Title, VisuallyHidden } from '@mantine/core';
import { useId, useRef, useState } from 'react';
import { useWatch } from 'react-hook-form';

import { isTRPCClientError } from '@/api/trpc-client';
import { CheckboxGroupField, ChoiceField, CurrencyField, DateField } from '@/components/form/fields';
import { Form } from '@/components/form/form';
import { useField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { QueryError } from '@/components/ui/query-error';
import { formatDate } from '@/lib/format';

import { useDecideMutation, type DecideInput } from '../api/credit-decide';
import { useCredit, type CreditDecisionView, type PortalCreditView } from '../api/credit-get';
import { decideByText } from '../lib/credit-format';
import { dateTime, formatAmount, personName } from '../lib/loan-format';
import { errorMessage } from '../lib/error-message';

// The Decision tab (issue 23): the loan's credit decision as recorded, and,
// for a user who may decide (loans.decide: administrators and
// underwriters), the form that records one. What may be decided is the
// rules': the line within the offer on the application's figures, the
// reasons of Form C-1, a day after today; the server checks each and its
// words show at the field.

export function LoanDecisionTab({ loanId, canDecide }: { loanId: string; canDecide: boolean }) {
  const credit = useCredit(loanId);
  if (credit.isPending) {
    return (
      <Stack gap="sm">
        <VisuallyHidden role="status">Loading the decision</VisuallyHidden>
        <Skeleton h={120} aria-hidden="true" />
      </Stack>
    );
  }
  if (credit.isError) {
    return <QueryError title="We couldn’t load the decision" error={credit.error} onRetry={() => void credit.refetch()} />;
  }
  const view = credit.data;
  return (
    <Stack gap="xl">
      <CurrentDecision view={view} />
      {canDecide && view.submitted ? <DecisionForm loanId={loanId} view={view} /> : null}
    </Stack>
  );
}

/** Whether the loan's decision closed the application (the rules' closes: a decline, a withdrawal): no other decision follows it. */
function closed(view: PortalCreditView): boolean {
  return view.decision?.closed === true;
}

function CurrentDecision({ view }: { view: PortalCreditView }) {
  const headingId = useId();
  const d = view.decision;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm">
      <Title order={2} id={headingId} fz="h3">
        Credit decision
      </Title>
      {d ? (
        <RecordedDecision decision={d} />
      ) : (
        <Text>
          {view.submitted ? 'No decision yet.' : 'The application has not been submitted: there is nothing to decide yet.'}
        </Text>
      )}
      {view.decideBy ? (
        <Alert variant="light" title={decideByText(view.decideBy)}>
          Regulation B: the borrower is told of the decision within 30 days of the completed application.
        </Alert>
      ) : null}
    </Stack>
  );
}

function RecordedDecision({ decision: d }: { decision: CreditDecisionView }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Group gap="xs">
          <Badge variant="light" radius="sm" tt="none" size="lg">
            {d.neededBy ? `${d.label} by ${formatDate(d.neededBy)}` : d.label}
          </Badge>
          <Text fz="sm" c="dimmed">
            by {personName(d.decidedBy)}, {dateTime(d.decidedAt)}
          </Text>
        </Group>
        {d.lineAmount !== null ? <Text>Line: {formatAmount(d.lineAmount)}</Text> : null}
        {d.reasons.length > 0 ? (
          <div>
            <Text fw={600}>Principal reasons</Text>
            <List>
              {d.reasons.map((r) => (
                <List.Item key={r.code}>{r.words}</List.Item>
              ))}
            </List>
          </div>
        ) : null}
        {d.notice ? (
          <Text fz="sm">
            Adverse-action notice made{d.notice.date ? ` on ${formatDate(d.notice.date)}` : ''}, giving{' '}
            {d.notice.reasons.length === 1 ? 'one reason' : `${d.notice.reasons.length} reasons`}; the borrower sees it on their page.
          </Text>
        ) : null}
        {d.note ? (
          <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <Text span fw={600}>
              {d.action === 'suspend' ? 'Information needed: ' : 'Note: '}
            </Text>
            {d.note}
          </Text>
        ) : null}
      </Stack>
    </Paper>
  );
}

type Values = {
  action: DecideInput['action'] | null;
  line: number | string | null;
  reasons: string[];
  neededBy: string;
  note: string;
};

const fieldNames = ['action', 'line', 'reasons', 'neededBy', 'note'] as const;

function DecisionForm({ loanId, view }: { loanId: string; view: PortalCreditView }) {
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const decide = useDecideMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState('');
  const needsOf = (action: string | null) => view.actions.find((a) => a.code === action)?.needs ?? 'nothing';
  const form = useSchemaForm<Values, 'DecideInput'>('DecideInput', {
    defaultValues: { action: null, line: null, reasons: [], neededBy: '', note: '' },
    toInput: (v) => {
      const input: Record<string, unknown> = { loanId, action: v.action ?? undefined, note: v.note };
      const needs = needsOf(v.action);
      if (needs === 'line') input.line = v.line;
      if (needs === 'reasons') input.reasons = v.reasons;
      if (needs === 'neededBy') input.neededBy = v.neededBy;
      return input;
    },
    required: (input: { action?: string }) => {
      const needs = needsOf(input.action ?? null);
      return {
        action: 'Choose a decision.',
        ...(needs === 'line' ? { line: 'Enter the line amount.' } : {}),
        ...(needs === 'neededBy' ? { neededBy: 'Enter the date the information is needed by.' } : {}),
        ...(needs === 'neededBy' ? { note: 'Say what information is needed: the borrower reads it.' } : {}),
      };
    },
  });
  const action = useWatch({ control: form.control, name: 'action' });
  const needs = needsOf(action);

  const submit = async (input: DecideInput) => {
    setProblem(null);
    setDone('');
    try {
      const v = await decide.mutateAsync(input);
      form.reset({ action: null, line: null, reasons: [], neededBy: '', note: '' });
      setDone(`Decision recorded: ${v.decision?.label ?? ''}.`);
      // The form goes with a decision that closes the application: the
      // section's heading keeps the keyboard's place.
      if (closed(v)) headingRef.current?.focus();
    } catch (err) {
      const fields = isTRPCClientError(err) ? err.fields : [];
      const known = fields.filter((f) => (fieldNames as readonly string[]).includes(f.path));
      for (const f of known) form.setError(f.path as (typeof fieldNames)[number], { type: 'server', message: f.message });
      if (known.length === 0) setProblem(errorMessage(err));
    }
  };

  return (
    <Stack component="section" aria-labelledby={headingId} gap="md">
      <Title order={2} id={headingId} fz="h3" ref={headingRef} tabIndex={-1}>
        Record a decision
      </Title>
      {closed(view) ? (
        <Text>This application is closed: no other decision is recorded on it.</Text>
      ) : (
        <Form form={form} onSubmit={submit} aria-label="Record a decision">
          <Stack gap="md" maw={640}>
            <ChoiceField
              name="action"
              label="Decision"
              choices={view.actions.map((a) => ({ value: a.code, label: a.description }))}
            />
            {needs === 'line' ? (
              <CurrencyField
                name="line"
                label={action === 'counteroffer' ? 'Counteroffer line' : 'Approved line'}
                description={lineHelp(view, action)}
              />
            ) : null}
            {needs === 'reasons' ? (
              <CheckboxGroupField
                name="reasons"
                label={`Principal reasons (at most ${view.maxReasons})`}
                description="Regulation B, Form C-1. The adverse-action notice gives them in this order."
                choices={view.reasons.map((r) => ({ value: r.code, label: r.words }))}
              />
            ) : null}
            {needs === 'neededBy' ? (
              <DateField name="neededBy" label="Information needed by" description="A day after today." />
            ) : null}
            <NoteField suspend={needs === 'neededBy'} />
            {problem ? (
              <Alert color="red" variant="light" role="alert">
                {problem}
              </Alert>
            ) : null}
            <Group>
              <Button type="submit" loading={decide.isPending}>
                Record decision
              </Button>
            </Group>
          </Stack>
        </Form>
      )}
      <Text fz="sm" fw={500} role="status" aria-live="polite">
        {done}
      </Text>
    </Stack>
  );
}

function lineHelp(view: PortalCreditView, action: string | null): string {
  const o = view.offer;
  if (!o) return 'There is no offer on file for this application.';
  if (!o.eligible) return 'The rules offer no line on this application’s figures.';
  const asked = o.requestedLine !== null ? ` The borrower asked for ${formatAmount(o.requestedLine)}.` : '';
  const lower = action === 'counteroffer' ? ' A counteroffer is lower than the line asked for.' : '';
  return `The rules allow ${formatAmount(o.minLine)} to ${formatAmount(o.maxLine)} on this application’s figures.${asked}${lower}`;
}

function NoteField({ suspend }: { suspend: boolean }) {
  return (
    <Textarea
      label={suspend ? 'Information needed' : 'Note for the file (optional)'}
      description={suspend ? 'The borrower reads this on their page.' : 'For the loan file; the borrower does not see it.'}
      rows={3}
      maxLength={2000}
      {...useField('note')}
    />
  );
}
