import { Alert, Anchor, List, Skeleton, Stack, Text, TextInput, Title, type TextInputProps } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';

import { getAdverseActionQueryOptions } from '@/api/get-adverse-action';
import { isTRPCClientError } from '@/api/trpc-client';
import { ChoiceField, CurrencyField } from '@/components/form/fields';
import { digitsOf } from '@/components/form/masks';
import { TextField, useField } from '@/components/form/text-field';
import { paths } from '@/config/paths';
import { formatDollars } from '@/lib/format';

import type { ApplicationView } from '../../api/get-application';
import { useDrawTerms, type DrawTerms } from '../../api/get-draw-terms';
import { useSubmitApplicationMutation } from '../../api/submit-application';
import { declineOf, Declined } from '../declined';
import { SectionPage, type SectionForm } from '../section-page';

// loan-disbursement (screens.md): the bank account the line's first draw
// goes to (name on the account, checking or savings, routing and account
// number) and the amount of that draw, at least the program's minimum and
// at most the line less its origination fee (application.drawTerms). Saved
// as #LoanDisbursementSection; the numbers are never shown in full once
// saved (****6789), never kept in a draft, and a save that leaves them
// empty keeps those on file. The page's action saves it and submits the
// application (application.submit), then shows the submitted page.

type Values = {
  disbursement: {
    accountHolderName: string;
    accountType: 'checking' | 'savings' | null;
    /** Typed digits only: numbers on file never come back in full, and empty keeps them. */
    routingNumber: string;
    accountNumber: string;
    confirmAccountNumber: string;
    initialDraw: number | null;
  };
};

const accountTypes = [
  { value: 'checking', label: 'Checking' },
  { value: 'savings', label: 'Savings' },
] as const;

function fromApplication({ application }: ApplicationView): Values {
  const d = application.disbursement;
  const name = [application.user.firstName, application.user.lastName].filter(Boolean).join(' ');
  return {
    disbursement: {
      accountHolderName: d?.accountHolderName ?? name,
      accountType: d?.accountType ?? null,
      routingNumber: '',
      accountNumber: '',
      confirmAccountNumber: '',
      initialDraw: d?.initialDraw ?? null,
    },
  };
}

function toSection({ disbursement: d }: Values) {
  return {
    disbursement: {
      accountHolderName: d.accountHolderName.trim() || undefined,
      accountType: d.accountType ?? undefined,
      // Left out, the number on file is kept (application.save).
      routingNumber: d.routingNumber || undefined,
      accountNumber: d.accountNumber || undefined,
      initialDraw: d.initialDraw ?? undefined,
    },
  };
}

function required(_: Values, view: ApplicationView): Record<string, string> {
  const onFile = view.application.disbursement;
  const r: Record<string, string> = {
    'disbursement.accountHolderName': 'Enter the name on the account.',
    'disbursement.accountType': 'Choose checking or savings.',
    'disbursement.initialDraw': 'Enter the amount of your first draw.',
  };
  if (!onFile) {
    r['disbursement.routingNumber'] = 'Enter the routing number.';
    r['disbursement.accountNumber'] = 'Enter the account number.';
  }
  return r;
}

/** The sentence that gives the draw's bounds. */
export function drawBounds(t: DrawTerms): string {
  return `From ${formatDollars(t.minimumDraw)} to ${formatDollars(t.maximumDraw)}: your line of ${formatDollars(t.line)} less the ${formatDollars(t.originationFee)} origination fee.`;
}

function checksOf(terms: DrawTerms | undefined, v: Values): Record<string, string> {
  const d = v.disbursement;
  const out: Record<string, string> = {};
  if (d.accountNumber && d.confirmAccountNumber !== d.accountNumber) {
    out['disbursement.confirmAccountNumber'] = 'The account numbers don’t match. Type the same number again.';
  }
  if (terms && typeof d.initialDraw === 'number') {
    if (d.initialDraw < terms.minimumDraw) out['disbursement.initialDraw'] = `Draw at least ${formatDollars(terms.minimumDraw)}. ${drawBounds(terms)}`;
    else if (d.initialDraw > terms.maximumDraw) out['disbursement.initialDraw'] = `Draw at most ${formatDollars(terms.maximumDraw)}. ${drawBounds(terms)}`;
  }
  return out;
}

/**
 * A first draw not yet given starts at the rules' (application.drawTerms'
 * firstDraw: the amount chosen on the offer, kept within the draw's bounds,
 * or the program's minimum draw); the borrower can change it.
 */
function StartFirstDraw({ form, firstDraw, readOnly }: { form: SectionForm<Values>; firstDraw: number | undefined; readOnly: boolean }) {
  useEffect(() => {
    if (readOnly || typeof firstDraw !== 'number') return;
    const current = form.getValues('section.disbursement.initialDraw');
    if (typeof current !== 'number') form.setValue('section.disbursement.initialDraw', firstDraw);
  }, [form, firstDraw, readOnly]);
  return null;
}

/** A bank number typed as digits only; nothing is remembered by the browser. */
function DigitsField({ name, max, ...props }: Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'> & { name: string; max: number }) {
  const { value, onChange, ...field } = useField(name);
  return (
    <TextInput
      inputMode="numeric"
      autoComplete="off"
      spellCheck={false}
      maxLength={max}
      {...props}
      {...field}
      value={typeof value === 'string' ? value : ''}
      onChange={(e) => onChange(digitsOf(e.currentTarget.value, max))}
    />
  );
}

/** Where each part a submission finds missing is put right. */
const fixAt: readonly { prefix: string; page: string; label: string }[] = [
  { prefix: 'documents', page: paths.application.upload ?? '/app/application/upload', label: 'Upload your documents' },
  { prefix: 'identity', page: paths.application['identity-verification'] ?? '/app/application/identity-verification', label: 'Verify your identity' },
  { prefix: 'disclosures', page: paths.application.sign ?? '/app/application/sign', label: 'Review and sign your disclosures' },
  // The terms moved on the application's figures (a coborrower's credit report, say): the offer shows the new ones.
  { prefix: 'offer', page: paths.initialSetup['preview-offer'] ?? '/app/initial-setup/preview-offer', label: 'See your new terms' },
];

type Missing = { path: string; message: string };

function SubmitRefused({ missing }: { missing: readonly Missing[] }) {
  return (
    <Alert color="red" variant="light" role="alert" title="Your application can’t be submitted yet">
      <Text fz="sm" mb="xs">
        Your bank account and draw are saved. Before you submit:
      </Text>
      <List fz="sm" spacing="xs">
        {missing.map((m) => {
          const fix = fixAt.find((f) => m.path === f.prefix || m.path.startsWith(`${f.prefix}.`));
          return (
            <List.Item key={`${m.path}-${m.message}`}>
              {m.message}{' '}
              {fix ? (
                <Anchor component={Link} to={fix.page}>
                  {fix.label}
                </Anchor>
              ) : null}
            </List.Item>
          );
        })}
      </List>
    </Alert>
  );
}

export default function LoanDisbursementPage() {
  const terms = useDrawTerms();
  // The checks read the bounds as they are when Continue is pressed.
  const termsRef = useRef<DrawTerms | undefined>(undefined);
  termsRef.current = terms.data;
  const submit = useSubmitApplicationMutation();
  const navigate = useNavigate();
  const [missing, setMissing] = useState<readonly Missing[]>([]);
  const queryClient = useQueryClient();
  const formRef = useRef<SectionForm<Values> | undefined>(undefined);

  const afterSave = async () => {
    setMissing([]);
    // Saved: the numbers are on file and show by their last 4 digits only, not as typed.
    for (const name of ['routingNumber', 'accountNumber', 'confirmAccountNumber'] as const) {
      formRef.current?.setValue(`section.disbursement.${name}`, '');
    }
    try {
      await submit.mutateAsync();
    } catch (err) {
      if (isTRPCClientError(err) && err.code === 'BAD_REQUEST' && err.fields.length > 0) {
        // A decline stores a new notice: read it afresh, not from an earlier visit.
        if (declineOf(err.fields) !== null) queryClient.removeQueries({ queryKey: getAdverseActionQueryOptions().queryKey });
        setMissing(err.fields);
        return;
      }
      throw err;
    }
    await navigate(paths.application.submitted ?? '/app/application/submitted');
  };

  return (
    <SectionPage<Values>
      definition="LoanDisbursementSection"
      aria-label="Loan disbursement"
      fromApplication={fromApplication}
      toSection={toSection}
      required={required}
      checks={(v) => checksOf(termsRef.current, v)}
      undrafted={['routingNumber', 'accountNumber', 'confirmAccountNumber']}
      action={{ label: 'Save and submit application', afterSave }}
    >
      {(form, view) => {
        formRef.current = form;
        const onFile = view.application.disbursement;
        return (
          <>
            <Stack gap="md" component="section" aria-labelledby="disbursement-account-heading">
              <Title order={2} fz="lg" id="disbursement-account-heading">
                Your bank account
              </Title>
              <Text fz="sm" c="dimmed">
                We send your first draw to this account, and your payments can come from it. Your numbers are encrypted and shown only by
                their last 4 digits.
              </Text>
              <TextField name="section.disbursement.accountHolderName" label="Name on the account" autoComplete="name" size="md" />
              <ChoiceField name="section.disbursement.accountType" label="Account type" choices={accountTypes} inline size="md" />
              <DigitsField
                name="section.disbursement.routingNumber"
                label="Routing number"
                max={9}
                description={
                  onFile
                    ? view.readOnly
                      ? `Routing number on file: ${onFile.routingNumber}.`
                      : `We have routing number ${onFile.routingNumber} on file. Leave this empty to keep it.`
                    : 'The 9 digits at the bottom left of a check.'
                }
                size="md"
              />
              <DigitsField
                name="section.disbursement.accountNumber"
                label="Account number"
                max={17}
                description={
                  onFile
                    ? view.readOnly
                      ? `Account on file: ${onFile.accountNumber}.`
                      : `We have account ${onFile.accountNumber} on file. Leave this empty to keep it.`
                    : '4 to 17 digits.'
                }
                size="md"
              />
              <DigitsField name="section.disbursement.confirmAccountNumber" label="Confirm account number" max={17} size="md" />
            </Stack>
            <Stack gap="md" component="section" aria-labelledby="disbursement-draw-heading">
              <Title order={2} fz="lg" id="disbursement-draw-heading">
                Your first draw
              </Title>
              {terms.isPending ? (
                <Skeleton h={20} w="70%" aria-hidden="true" />
              ) : terms.isError ? (
                <Alert color="yellow" variant="light" title="We couldn’t load the limits of your draw">
                  {isTRPCClientError(terms.error) && terms.error.code === 'BAD_REQUEST'
                    ? terms.error.message
                    : 'Your draw is still checked when you submit. '}
                  <Anchor component="button" type="button" fz="sm" onClick={() => void terms.refetch()}>
                    Try again
                  </Anchor>
                </Alert>
              ) : null}
              <StartFirstDraw form={form} firstDraw={terms.data?.firstDraw} readOnly={view.readOnly} />
              <CurrencyField
                name="section.disbursement.initialDraw"
                label="Amount of your first draw"
                description={terms.data ? drawBounds(terms.data) : undefined}
                size="md"
              />
            </Stack>
            {missing.length === 0 ? null : declineOf(missing) !== null ? (
              <Declined
                reasons={declineOf(missing) ?? []}
                outcome="On your application’s figures we cannot offer you this line. Your application was not submitted."
              />
            ) : (
              <SubmitRefused missing={missing} />
            )}
          </>
        );
      }}
    </SectionPage>
  );
}
