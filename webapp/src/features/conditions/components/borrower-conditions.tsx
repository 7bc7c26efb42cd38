import { Alert, Anchor, Badge, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { useId, useState } from 'react';
import { useFieldArray, useFormContext, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router';

import { isTRPCClientError } from '@/api/trpc-client';
import { AddressFields, emptyAddress, toAddress, type AddressValues } from '@/components/form/address-fields';
import { DateField } from '@/components/form/fields';
import { Form } from '@/components/form/form';
import { CheckboxField, TextField, useField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { QueryError } from '@/components/ui/query-error';
import { paths } from '@/config/paths';

import { useAnswerConditionMutation, type AnswerConditionInput } from '../api/answer-condition';
import { isOutstanding, useConditions, type BorrowerCondition } from '../api/get-conditions';
import { errorMessage } from '@/lib/error-message';

// What the loan team asks of the borrower (underwriting conditions, spec
// §9), on the borrower's pages: each outstanding condition with what to do —
// a document to upload (on the upload page), a question to answer, addresses
// or employers to give, or an e-mail to follow — and where it stands. The
// application is otherwise read-only after submission; these answers are
// taken until the loan team clears the condition.

// Colours whose light badges keep the text's contrast (axe's color-contrast).
const statusWords: Record<BorrowerCondition['status'], { label: string; color: string; variant: 'light' | 'outline' }> = {
  open: { label: 'Needed from you', color: 'dark', variant: 'outline' },
  answered: { label: 'Sent: in review', color: 'blue', variant: 'light' },
  sent: { label: 'Check your e-mail', color: 'blue', variant: 'light' },
  cleared: { label: 'Done', color: 'harbor', variant: 'light' },
  waived: { label: 'No longer needed', color: 'gray', variant: 'light' },
};

/**
 * The borrower's outstanding conditions. On the upload page (`onUploadPage`)
 * a document condition says to upload it above; elsewhere it links there.
 * Nothing is shown while the loan team asks nothing, nor once a credit
 * decision closed the application.
 */
export function BorrowerConditions({ onUploadPage = false }: { onUploadPage?: boolean }) {
  const conditions = useConditions();
  const headingId = useId();
  if (conditions.isPending) return <Skeleton h={120} aria-hidden="true" />;
  if (conditions.isError) {
    return <QueryError title="We couldn’t load what your loan team asks" error={conditions.error} onRetry={() => void conditions.refetch()} />;
  }
  // A closed application (a decline, a withdrawal) asks nothing more; the
  // page around says it is closed.
  if (conditions.data.closed) return null;
  const outstanding = conditions.data.conditions.filter(isOutstanding);
  if (outstanding.length === 0) return null;
  const waiting = outstanding.filter((c) => c.status === 'open').length;
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <div>
        <Title order={2} fz="lg" id={headingId}>
          What your loan team needs from you
        </Title>
        <Text fz="sm">
          {waiting > 0
            ? `${waiting} ${waiting === 1 ? 'request needs' : 'requests need'} your answer. Your loan team reviews each answer and tells you if anything else is needed.`
            : 'You have answered every request. Your loan team is reviewing your answers.'}
        </Text>
      </div>
      {outstanding.map((c) => (
        <ConditionCard key={c.id} condition={c} onUploadPage={onUploadPage} hasCoborrower={conditions.data.hasCoborrower} />
      ))}
    </Stack>
  );
}

function ConditionCard({ condition: c, onUploadPage, hasCoborrower }: { condition: BorrowerCondition; onUploadPage: boolean; hasCoborrower: boolean }) {
  const titleId = useId();
  const status = statusWords[c.status];
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="article" aria-labelledby={titleId} bg="white">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <Title order={3} fz="md" id={titleId} style={{ overflowWrap: 'anywhere' }}>
            {c.label}
          </Title>
          <Badge variant={status.variant} color={status.color} style={{ flexShrink: 0 }}>
            {status.label}
          </Badge>
        </Group>
        {hasCoborrower ? (
          <Text fz="sm" c="dimmed">
            For the {c.party}
          </Text>
        ) : null}
        {c.note ? (
          <Text fz="sm">
            <Text span fz="sm" fw={600}>
              Your loan team adds:{' '}
            </Text>
            {c.note}
          </Text>
        ) : null}
        <ConditionAction condition={c} onUploadPage={onUploadPage} titleId={titleId} />
      </Stack>
    </Paper>
  );
}

function ConditionAction({ condition: c, onUploadPage, titleId }: { condition: BorrowerCondition; onUploadPage: boolean; titleId: string }) {
  switch (c.kind) {
    case 'document':
      if (c.status !== 'open') return <Text fz="sm">Thank you: your document was uploaded.</Text>;
      return onUploadPage ? (
        <Text fz="sm">Upload it in the list of documents above, under the same name.</Text>
      ) : (
        <Text fz="sm">
          <Anchor component={Link} to={paths.upload}>
            Upload it on your document upload page
          </Anchor>
        </Text>
      );
    case 'email':
      return <Text fz="sm">We sent you an e-mail about this. Reply to it, and your loan team will mark this done.</Text>;
    case 'text':
      return <TextAnswer condition={c} titleId={titleId} />;
    case 'address':
      return <AddressAnswer condition={c} titleId={titleId} />;
    case 'employment':
      return <EmploymentAnswer condition={c} titleId={titleId} />;
  }
}

/** The answer's server field errors beside the form's fields; any other said in words. */
function useAnswer<V extends FieldValues>(form: UseFormReturn<V, unknown, AnswerConditionInput>) {
  const answer = useAnswerConditionMutation();
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const submit = async (input: AnswerConditionInput) => {
    setProblem(null);
    setSent(false);
    try {
      await answer.mutateAsync(input);
      setSent(true);
    } catch (err) {
      const fields = isTRPCClientError(err) ? err.fields : [];
      const others: string[] = [];
      let first = true;
      for (const f of fields) {
        if (f.path !== 'conditionId' && f.path.includes('.')) {
          form.setError(f.path as Path<V>, { type: 'server', message: f.message }, { shouldFocus: first });
          first = false;
        } else {
          others.push(f.message);
        }
      }
      setProblem(others.length > 0 ? others.join(' ') : fields.length > 0 ? null : answerErrorMessage(err));
    }
  };
  return { submit, pending: answer.isPending, problem, sent };
}

function answerErrorMessage(err: unknown): string {
  return errorMessage(err, {
    fallback: 'Something went wrong on our side. Your answer is still here; please try again.',
    signInTo: 'send your answer',
    conflict: 'Your loan team has closed this request already.',
    serverWords: ['FORBIDDEN', 'NOT_FOUND'],
  });
}

function Outcome({ problem, sent, answered }: { problem: string | null; sent: boolean; answered: boolean }) {
  if (problem) {
    return (
      <Alert color="red" variant="light" role="alert">
        {problem}
      </Alert>
    );
  }
  return (
    <Text fz="sm" c="dimmed" role="status" aria-live="polite">
      {sent ? 'Thank you: your answer was sent to your loan team.' : answered ? 'You answered this. You can change your answer until your loan team reviews it.' : ''}
    </Text>
  );
}

type TextValues = { text: string };

function TextAnswer({ condition: c, titleId }: { condition: BorrowerCondition; titleId: string }) {
  const form = useSchemaForm<TextValues, 'AnswerConditionInput'>('AnswerConditionInput', {
    defaultValues: { text: c.answer?.text ?? '' },
    toInput: (v) => ({ conditionId: c.id, text: v.text }),
    required: { text: 'Write your answer.' },
  });
  const { submit, pending, problem, sent } = useAnswer(form);
  return (
    <Form form={form} onSubmit={submit} aria-label={`Your answer: ${c.label}`}>
      <TextareaField name="text" label="Your answer" description="In your own words. At most 4000 characters." aria-describedby={titleId} />
      <Outcome problem={problem} sent={sent} answered={c.status === 'answered'} />
      <Group>
        <Button type="submit" loading={pending}>
          Send answer
        </Button>
      </Group>
    </Form>
  );
}

/** A text area bound to the surrounding Form, its message beside it. */
function TextareaField({ name, ...props }: { name: string; label: string; description?: string; 'aria-describedby'?: string }) {
  return <Textarea rows={4} {...props} {...useField(name)} />;
}

type AddressEntryValues = { name: string; address: AddressValues; from: string; to: string };
type AddressFormValues = { address: { addresses: AddressEntryValues[] } };

const emptyAddressEntry = (): AddressEntryValues => ({ name: '', address: { ...emptyAddress }, from: '', to: '' });

function AddressAnswer({ condition: c, titleId }: { condition: BorrowerCondition; titleId: string }) {
  const saved = c.answer?.address?.addresses ?? [];
  const form = useSchemaForm<AddressFormValues, 'AnswerConditionInput'>('AnswerConditionInput', {
    defaultValues: {
      address: {
        addresses:
          saved.length > 0
            ? saved.map((a) => ({
                name: a.name ?? '',
                address: {
                  line1: a.address.line1,
                  line2: a.address.line2 ?? '',
                  city: a.address.city,
                  state: a.address.state,
                  zip: a.address.zip,
                  county: a.address.county ?? '',
                },
                from: a.from ?? '',
                to: a.to ?? '',
              }))
            : [emptyAddressEntry()],
      },
    },
    toInput: (v) => ({
      conditionId: c.id,
      address: {
        addresses: v.address.addresses.map((a) => ({
          name: a.name.trim() || null,
          address: toAddress(a.address),
          from: a.from || null,
          to: a.to || null,
        })),
      },
    }),
  });
  const { submit, pending, problem, sent } = useAnswer(form);
  return (
    <Form form={form} onSubmit={submit} aria-label={`Your addresses: ${c.label}`}>
      <AddressEntries titleId={titleId} />
      <Outcome problem={problem} sent={sent} answered={c.status === 'answered'} />
      <Group>
        <Button type="submit" loading={pending}>
          Send addresses
        </Button>
      </Group>
    </Form>
  );
}

function AddressEntries({ titleId }: { titleId: string }) {
  const { control } = useFormContext<AddressFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'address.addresses' });
  return (
    <Stack gap="lg" aria-describedby={titleId}>
      {fields.map((f, i) => {
        const label = fields.length > 1 ? `Address ${i + 1}` : 'Address';
        const at = `address.addresses.${i}`;
        return (
          <Stack key={f.id} gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Text component="legend" fw={600} fz="sm">
              {label}
            </Text>
            <TextField name={`${at}.name`} label={`${label}: name of the association or company, if the request asks one (optional)`} size="md" />
            <AddressFields name={`${at}.address`} label={label} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <DateField name={`${at}.from`} label={`${label}: from (optional)`} size="md" />
              <DateField name={`${at}.to`} label={`${label}: to (optional; empty for your current address)`} size="md" />
            </SimpleGrid>
            {fields.length > 1 ? (
              <Group>
                <Button variant="subtle" color="red" size="xs" onClick={() => remove(i)}>
                  Remove {label.toLowerCase()}
                </Button>
              </Group>
            ) : null}
          </Stack>
        );
      })}
      {fields.length < 10 ? (
        <Group>
          <Button variant="default" size="sm" onClick={() => append(emptyAddressEntry())}>
            Add another address
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}

type EmploymentEntryValues = { employerName: string; position: string; startDate: string; endDate: string; selfEmployed: boolean };
type EmploymentFormValues = { employment: { employments: EmploymentEntryValues[] } };

const emptyEmployment = (): EmploymentEntryValues => ({ employerName: '', position: '', startDate: '', endDate: '', selfEmployed: false });

function EmploymentAnswer({ condition: c, titleId }: { condition: BorrowerCondition; titleId: string }) {
  const saved = c.answer?.employment?.employments ?? [];
  const form = useSchemaForm<EmploymentFormValues, 'AnswerConditionInput'>('AnswerConditionInput', {
    defaultValues: {
      employment: {
        employments:
          saved.length > 0
            ? saved.map((e) => ({
                employerName: e.employerName,
                position: e.position ?? '',
                startDate: e.startDate,
                endDate: e.endDate ?? '',
                selfEmployed: e.selfEmployed ?? false,
              }))
            : [emptyEmployment()],
      },
    },
    toInput: (v) => ({
      conditionId: c.id,
      employment: {
        employments: v.employment.employments.map((e) => ({
          employerName: e.employerName.trim(),
          position: e.position.trim() || null,
          startDate: e.startDate,
          endDate: e.endDate || null,
          selfEmployed: e.selfEmployed,
        })),
      },
    }),
  });
  const { submit, pending, problem, sent } = useAnswer(form);
  return (
    <Form form={form} onSubmit={submit} aria-label={`Your employers: ${c.label}`}>
      <EmploymentEntries titleId={titleId} />
      <Outcome problem={problem} sent={sent} answered={c.status === 'answered'} />
      <Group>
        <Button type="submit" loading={pending}>
          Send employment history
        </Button>
      </Group>
    </Form>
  );
}

function EmploymentEntries({ titleId }: { titleId: string }) {
  const { control } = useFormContext<EmploymentFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'employment.employments' });
  return (
    <Stack gap="lg" aria-describedby={titleId}>
      {fields.map((f, i) => {
        const label = fields.length > 1 ? `Employer ${i + 1}` : 'Employer';
        const at = `employment.employments.${i}`;
        return (
          <Stack key={f.id} gap="sm" component="fieldset" style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
            <Text component="legend" fw={600} fz="sm">
              {label}
            </Text>
            <TextField name={`${at}.employerName`} label={`${label}: name`} size="md" />
            <TextField name={`${at}.position`} label={`${label}: position (optional)`} size="md" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
              <DateField name={`${at}.startDate`} label={`${label}: start date`} size="md" />
              <DateField name={`${at}.endDate`} label={`${label}: end date (empty if you work there now)`} size="md" />
            </SimpleGrid>
            <CheckboxField name={`${at}.selfEmployed`} label={`${label}: I am self-employed here`} />
            {fields.length > 1 ? (
              <Group>
                <Button variant="subtle" color="red" size="xs" onClick={() => remove(i)}>
                  Remove {label.toLowerCase()}
                </Button>
              </Group>
            ) : null}
          </Stack>
        );
      })}
      {fields.length < 20 ? (
        <Group>
          <Button variant="default" size="sm" onClick={() => append(emptyEmployment())}>
            Add another employer
          </Button>
        </Group>
      ) : null}
    </Stack>
  );
}
