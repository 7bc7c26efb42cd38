import { Alert, Button, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { isTRPCClientError } from '@/api/trpc-client';
import { SelectField } from '@/components/form/fields';
import { Form } from '@/components/form/form';
import { TextField } from '@/components/form/text-field';
import { useSchemaForm } from '@/components/form/use-schema-form';
import { formatCents, formatDate, formatDollars, formatPhone } from '@/lib/format';

import { useAssignLoanMutation, type AssignInput } from '../api/loan-assign';
import type { PortalLoan } from '../api/loan-get';
import type { StaffRef } from '../api/pipeline-get';
import { personName } from '../lib/loan-format';

import { LoanNotes } from './loan-notes';
import { FactList } from './fact-list';

// The summary tab: the loan's facts, the line offered with its fee and
// payments, its team (loan officer, processor, partner tag), which a user
// who may assign the loan changes here, and the team's notes
// (loan-notes.tsx).

export function LoanSummaryTab({ loan }: { loan: PortalLoan }) {
  const l = loan.loan;
  const facts: [string, string][] = [
    ['Borrower', l.borrowerName || 'No name yet'],
    ['E-mail', l.borrowerEmail],
    ['Phone', loan.borrowerPhone ? formatPhone(loan.borrowerPhone) : 'Not given'],
    ['Coborrower', loan.coborrowerName ?? 'None'],
    ['Property state', l.propertyState || 'Not given yet'],
    ['Status', l.statusLabel],
    ['Started', formatDate(l.createdAt)],
    ['Last activity', `${formatDate(l.lastActivityAt)} (${l.daysSinceActivity === 1 ? '1 day' : `${l.daysSinceActivity} days`} ago)`],
    ['Submitted', loan.submittedAt ? formatDate(loan.submittedAt) : 'Not yet'],
  ];
  return (
    <Stack gap="xl">
      <section aria-labelledby="loan-facts">
        <Title order={2} id="loan-facts" fz="h3" mb="sm">
          Application
        </Title>
        <FactList facts={facts} />
      </section>
      <OfferFacts loan={loan} />
      <section aria-labelledby="loan-team">
        <Title order={2} id="loan-team" fz="h3" mb="sm">
          Loan team
        </Title>
        <FactList
          facts={[
            ['Loan officer', teamName(l.loanOfficer)],
            ['Processor', teamName(l.processor)],
            ['Partner tag', l.loanOfficerTag || 'None'],
          ]}
        />
        {loan.can['loans.assign'] ? <AssignForm loan={loan} /> : null}
      </section>
      <LoanNotes loanId={l.loanId} canAdd={Boolean(loan.can['loans.update'])} />
    </Stack>
  );
}

/**
 * The line offered, as the loan's latest stored preview offer has it: the
 * line the borrower chose, the origination fee on it and the monthly
 * payments on it fully drawn, the figures the policy computed and the
 * borrower's offer page and disclosures show (formatted as the offer page
 * writes them). The page computes none of them.
 */
function OfferFacts({ loan }: { loan: PortalLoan }) {
  const offer = loan.offer;
  const notGiven = 'Not in this offer';
  return (
    <section aria-labelledby="loan-offer">
      <Title order={2} id="loan-offer" fz="h3" mb="sm">
        Line offered
      </Title>
      {offer ? (
        <>
          <FactList
            facts={[
              ['Line amount', formatDollars(offer.line)],
              ['Origination fee', offer.originationFee === null ? notGiven : formatDollars(offer.originationFee)],
              ['Monthly payment in the draw period', offer.payments ? formatCents(offer.payments.drawPaymentCents) : notGiven],
              ['Monthly payment in repayment', offer.payments ? formatCents(offer.payments.repaymentPaymentCents) : notGiven],
            ]}
          />
          <Text fz="sm" c="dimmed" mt="sm">
            From the latest preview offer, as the borrower’s offer and disclosures show it. Payments are on the whole line
            drawn: interest only in the draw period, principal and interest in repayment.
          </Text>
        </>
      ) : (
        <Text>No offer yet.</Text>
      )}
    </section>
  );
}

type Values = { loanOfficerId: string | null; processorId: string | null; loanOfficerTag: string };

function AssignForm({ loan }: { loan: PortalLoan }) {
  const l = loan.loan;
  const loanId = l.loanId;
  const form = useSchemaForm('AssignInput', {
    defaultValues: { loanOfficerId: l.loanOfficer?.id ?? null, processorId: l.processor?.id ?? null, loanOfficerTag: l.loanOfficerTag },
    toInput: (v: Values) => ({
      loanId,
      loanOfficerId: v.loanOfficerId ?? '',
      processorId: v.processorId ?? '',
      loanOfficerTag: v.loanOfficerTag.trim(),
    }),
  });
  const assign = useAssignLoanMutation();
  const [error, setError] = useState<string | null>(null);
  const choices = loan.candidates.map((u) => ({ value: u.id, label: `${personName(u)} (${u.email})` }));

  const submit = async (input: AssignInput) => {
    setError(null);
    try {
      const saved = await assign.mutateAsync(input);
      form.reset({
        loanOfficerId: saved.loan.loanOfficer?.id ?? null,
        processorId: saved.loan.processor?.id ?? null,
        loanOfficerTag: saved.loan.loanOfficerTag,
      });
      notifications.show({ message: 'The loan team is saved.', color: 'teal' });
    } catch (err) {
      const fields = isTRPCClientError(err) ? err.fields : [];
      for (const f of fields) {
        const name = (['loanOfficerId', 'processorId', 'loanOfficerTag'] as const).find((n) => f.path.endsWith(n));
        if (name) form.setError(name, { type: 'server', message: f.message });
      }
      if (fields.length === 0) {
        setError(isTRPCClientError(err) && err.code !== 'INTERNAL_SERVER_ERROR' ? err.message : 'The loan team could not be saved. Please try again.');
      }
    }
  };

  return (
    <Stack mt="lg" gap="sm" maw={640}>
      <Title order={3} fz="h4">
        Assign the loan team
      </Title>
      <Form form={form} onSubmit={submit} aria-label="Assign the loan team">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <SelectField name="loanOfficerId" label="Loan officer" choices={choices} none="Nobody" />
          <SelectField name="processorId" label="Processor" choices={choices} none="Nobody" />
        </SimpleGrid>
        <TextField
          name="loanOfficerTag"
          label="Partner tag"
          description="A partner or loan officer carrying this tag sees the loan. Leave it empty for none."
          maxLength={60}
        />
        {error ? (
          <Alert color="red" variant="light">
            {error}
          </Alert>
        ) : null}
        <Group>
          <Button type="submit" loading={assign.isPending}>
            Save loan team
          </Button>
        </Group>
      </Form>
    </Stack>
  );
}

function teamName(u: StaffRef | null): string {
  return u ? `${personName(u)} (${u.email})` : 'Not assigned';
}
