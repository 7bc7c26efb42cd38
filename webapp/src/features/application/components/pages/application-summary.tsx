import { Anchor, Button, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';

import { useDocuments, type DocumentsView } from '@/api/documents/get-documents';
import { useFunnelSteps } from '@/api/get-funnel-steps';
import { isoToDate } from '@/components/form/masks';
import { QueryError } from '@/components/ui/query-error';
import { paths } from '@/config/paths';
import { formatCents, formatDate, formatDollars, formatPhone, formatRate } from '@/lib/format';

import { getDisclosuresQueryOptions } from '../../api/get-disclosures';
import { useDrawTerms } from '../../api/get-draw-terms';
import { useIdentity } from '../../api/identity';
import { useApplication, type Address, type Application, type ApplicationView, type Person } from '../../api/get-application';
import { declarationGroups, followUps, yesNo } from '../../content/declarations-copy';
import { declineLabel, demographicQuestions } from '../../content/demographics-copy';
import { documentLabels, labelOf, nextStepLabels, offerLabels, sectionSteps, summaryParts, verificationLabels as V } from '../../content/summary-copy';
import { useApplicationPages } from '../../hooks/use-application-pages';

// application-summary (/app/application/application-summary): everything
// application.get holds, read-only, by section in the application's order.
// While the application is open each section links back to its page; once
// submitted the links are gone (the pages are read-only too).

const A = '/app/application';

type Row = [label: string, value: ReactNode];

/** Label and value pairs as a description list, two columns from the sm breakpoint. */
function Rows({ rows }: { rows: readonly Row[] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="xs" verticalSpacing="xs" m={0}>
      {rows.map(([label, value], i) => (
        <Stack key={`${label}-${i}`} gap={0}>
          <Text component="dt" fz="sm" c="dimmed">
            {label}
          </Text>
          <Text component="dd" m={0} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}

/** One section: its h2, the link back to its page while open, and what it holds. */
function Section({ title, to, open, name, children }: { title: string; to: string; open: boolean; name?: string; children: ReactNode }) {
  const id = `summary-${(name ?? to).replace(/[^a-z0-9]+/gi, '-')}`;
  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={id}>
      <Stack gap="sm">
        <Group justify="space-between" align="baseline" wrap="wrap" gap="xs">
          <Title order={2} fz="lg" id={id}>
            {title}
          </Title>
          {open ? (
            <Anchor component={Link} to={to} fz="sm" aria-label={`Edit ${title.toLowerCase()}`}>
              Edit
            </Anchor>
          ) : null}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** A part of a section about one person or thing, with its h3. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

const notGiven = 'Not given';

function address(a: Address | null | undefined): string {
  if (!a) return notGiven;
  return [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', ');
}

const dollars = (v: number | null | undefined) => (typeof v === 'number' ? formatDollars(v) : notGiven);
const date = (v: string | null | undefined) => (v ? isoToDate(v) : notGiven);
const text = (v: string | null | undefined) => (v ? v : notGiven);

function fullName(p: Person): string {
  const suffix = p.suffix ? p.suffix.toUpperCase().replace(/^(SR|JR)$/, (s) => `${s[0]}${s.slice(1).toLowerCase()}.`) : '';
  return [p.firstName, p.middleName, p.lastName, suffix].filter(Boolean).join(' ') || notGiven;
}

function whose(p: Person, isCoborrower: boolean): string {
  return isCoborrower ? `Coborrower: ${fullName(p)}` : `Borrower: ${fullName(p)}`;
}

function PersonalRows({ p }: { p: Person }) {
  const rows: Row[] = [
    ['Name', fullName(p)],
    ['Date of birth', date(p.dateOfBirth)],
    ['Social Security number', text(p.ssn)],
    ['Citizenship', labelOf('citizenship', p.citizenship)],
    ['Marital status', labelOf('maritalStatus', p.maritalStatus)],
    ['Military service', labelOf('militaryStatus', p.militaryStatus)],
    ['E-mail', text(p.email)],
    ['Phone', p.phone ? formatPhone(p.phone) : notGiven],
    ['Current address', address(p.currentAddress)],
    ['Living there since', date(p.currentAddressSince)],
    ['Housing', labelOf('housing', p.housing)],
    ['Mailing address', p.mailingAddress ? address(p.mailingAddress) : 'Same as current address'],
  ];
  for (const [i, f] of (p.formerAddresses ?? []).entries()) {
    rows.push([`Former address ${i + 1}`, `${address(f.address)} (${labelOf('housing', f.housing)}, ${date(f.movedIn)} to ${date(f.movedOut)})`]);
  }
  return <Rows rows={rows} />;
}

function EmploymentRows({ p }: { p: Person }) {
  const jobs = p.employments ?? [];
  if (jobs.length === 0) return <Text>No employment entered.</Text>;
  return (
    <Stack gap="sm">
      {jobs.map((j, i) => (
        <Rows
          key={i}
          rows={[
            ['Employer', text(j.employerName)],
            ['Position', text(j.position)],
            ['Dates', `${date(j.startDate)} to ${j.endDate ? date(j.endDate) : 'present'}`],
            ['Self-employed', j.selfEmployedIndicator ? `Yes (${labelOf('ownershipShare', j.ownershipInterestType)})` : 'No'],
            ['Base pay a month', dollars(j.base)],
            ['Bonuses, overtime, commissions a month', extraPay(j)],
          ]}
        />
      ))}
      {(p.employmentGaps ?? []).map((g) => (
        <Rows key={g.from} rows={[[`Gap ${date(g.from)} to ${date(g.to)}`, g.explanation]]} />
      ))}
    </Stack>
  );
}

function IncomeRows({ p }: { p: Person }) {
  const incomes = (p.incomeSources ?? []).filter((s) => s.type !== 'main');
  if (incomes.length === 0) return <Text>No other income.</Text>;
  return <Rows rows={incomes.map((s): Row => [s.label ?? s.type, `${dollars(s.otherValue ?? s.base)} a month`])} />;
}

/** The ticked boxes of each question, by their labels, or the refusal. */
function DemographicsRows({ p }: { p: Person }) {
  const d = p.demographics as Record<string, unknown> | undefined;
  if (!d) return <Text>Not answered yet.</Text>;
  return (
    <Rows
      rows={demographicQuestions.map((q): Row => {
        if (d[q.decline] === true) return [q.legend, declineLabel];
        const ticked: string[] = [];
        for (const b of q.boxes) {
          // "Not Hispanic or Latino" is kept as no ethnicity box and no refusal (demographics-fields).
          const on = b.name === 'isNotHispanicOrLatino' ? d.isHispanicOrLatino !== true : d[b.name] === true;
          if (!on) continue;
          const origins = (b.origins ?? []).filter((o) => d[o.name] === true).map((o) => o.label);
          const free = b.text && typeof d[b.text.name] === 'string' ? [d[b.text.name] as string] : [];
          const details = [...origins, ...free];
          ticked.push(details.length ? `${b.label} (${details.join(', ')})` : b.label);
        }
        return [q.legend, ticked.join('; ') || 'Not answered'];
      })}
    />
  );
}

const followUpLabels: Record<string, Record<string, string>> = Object.fromEntries(
  Object.values(followUps).flatMap((asks) =>
    Object.entries(asks).map(([name, ask]) => {
      const choices: readonly { value: string; label: string }[] = 'choices' in ask ? ask.choices : [];
      return [name, Object.fromEntries(choices.map((c) => [c.value, c.label]))];
    }),
  ),
);

function DeclarationRows({ p }: { p: Person }) {
  const d = p.declarations as Record<string, unknown> | undefined;
  if (!d) return <Text>Not answered yet.</Text>;
  const rows: Row[] = [];
  for (const g of declarationGroups) {
    for (const q of g.questions) {
      rows.push([q.question, yesNo(d[q.name])]);
      const asks = followUps[q.name as keyof typeof followUps];
      if (!asks || d[q.name] !== true) continue;
      for (const [name, ask] of Object.entries(asks)) {
        const v = d[name];
        rows.push([ask.question, typeof v === 'number' ? formatDollars(v) : typeof v === 'string' ? (followUpLabels[name]?.[v] ?? v) : notGiven]);
      }
    }
  }
  rows.push(['Credit check authorized', yesNo(d.creditCheckAuthorization)]);
  return <Rows rows={rows} />;
}

/** Each person of the application: the borrower, and the coborrower when the loan has one. */
function people(view: ApplicationView): { person: Person; coborrower: boolean }[] {
  const out = [{ person: view.application.user, coborrower: false }];
  if (view.hasCoborrower && view.application.coborrower) out.push({ person: view.application.coborrower, coborrower: true });
  return out;
}

function PerPerson({ view, render }: { view: ApplicationView; render: (p: Person, coborrower: boolean) => ReactNode }) {
  const list = people(view);
  if (list.length === 1) return <>{render(list[0]!.person, false)}</>;
  return (
    <Stack gap="md">
      {list.map(({ person, coborrower }) => (
        <Part key={String(coborrower)} title={whose(person, coborrower)}>
          {render(person, coborrower)}
        </Part>
      ))}
    </Stack>
  );
}

function Summary({ view, sections }: { view: ApplicationView; sections: Record<string, string> }) {
  // A section's title is its label in the rules; the other parts are titled by what they hold.
  const summarySections = { ...summaryParts, ...(Object.fromEntries(Object.entries(sectionSteps).map(([k, step]) => [k, sections[step] ?? step])) as Record<keyof typeof sectionSteps, string>) };
  const open = !view.readOnly;
  // The borrower signed texts that have changed since (the server's view of the disclosures): the page to sign again is linked.
  const disclosures = useQuery({ ...getDisclosuresQueryOptions(), enabled: open && Boolean(view.application.signatures?.length) });
  const signAgain = Boolean(disclosures.data?.people.some((p) => p.party === 'borrower' && p.changed.length > 0));
  const app: Application = view.application;
  const prop = app.property ?? {};
  const cob = view.hasCoborrower && app.coborrower ? app.coborrower : null;
  const selfEmployed = Boolean(app.user.business) || (app.user.employments ?? []).some((e) => e.selfEmployedIndicator);
  return (
    <Stack gap="lg">
      <Section title={summarySections.offer} to={`${A}/loan-disbursement`} name="offer" open={false}>
        <OfferRows firstDraw={app.disbursement?.initialDraw} />
      </Section>
      <Section title={summarySections.personal} to={`${A}/1`} open={open}>
        <PerPerson view={view} render={(p) => <PersonalRows p={p} />} />
      </Section>
      <Section title={summarySections.property} to={`${A}/2`} open={open}>
        <Rows
          rows={[
            ['Address', address(prop.address)],
            ['Type', labelOf('propertyType', prop.type)],
            ['Units', labelOf('units', prop.units)],
            ['Use', labelOf('usage', prop.usage)],
            ['Title held as', labelOf('titleHolding', prop.titleHolding)],
            ['Held in a trust', app.isInTrust ? 'Yes' : 'No'],
            ['HOA dues a month', dollars(prop.hoaMonthly)],
            ['Property taxes a month', `${dollars(prop.monthlyTaxes)}${prop.taxIncludedInMonthlyPayment ? ' (in the mortgage payment)' : ''}`],
            ['Homeowners insurance a month', `${dollars(prop.monthlyInsurance)}${prop.insuranceIncludedInMonthlyPayment ? ' (in the mortgage payment)' : ''}`],
          ]}
        />
      </Section>
      {/* The liens the credit report listed and the borrower confirmed at prequalification (no page of the application edits them). */}
      <Section title={summarySections.liens} to={`${A}/2`} name="liens" open={false}>
        {(app.mortgages ?? []).length === 0 ? (
          <Text>No mortgage on this home.</Text>
        ) : (
          <Rows
            rows={app.mortgages.map((m): Row => [
              m.creditor ?? 'Mortgage',
              `${formatDollars(m.balance)} owed${m.monthlyPayment != null ? `, ${formatDollars(m.monthlyPayment)} a month` : ''}`,
            ])}
          />
        )}
      </Section>
      <Section title={summarySections.realEstate} to={`${A}/3`} open={open}>
        {(app.propertyOwnerships ?? []).length === 0 ? (
          <Text>No other properties.</Text>
        ) : (
          <Stack gap="sm">
            {app.propertyOwnerships.map((o, i) => (
              <Part key={o.id ?? i} title={address(o.address)}>
                <Rows
                  rows={[
                    ['Type', labelOf('propertyType', o.type)],
                    ['Use', labelOf('usage', o.usage)],
                    ['Value', dollars(o.value)],
                    ['Mortgages', o.mortgages.length ? o.mortgages.map((m) => `${m.creditor ?? 'Mortgage'}: ${formatDollars(m.balance)}`).join('; ') : 'None'],
                  ]}
                />
              </Part>
            ))}
          </Stack>
        )}
      </Section>
      <Section title={summarySections.employment} to={`${A}/4`} open={open}>
        <Stack gap="md">
          <Part title={whose(app.user, false)}>
            <EmploymentRows p={app.user} />
          </Part>
          {cob ? (
            <Part title={whose(cob, true)}>
              <EmploymentRows p={cob} />
              {open ? (
                <Anchor component={Link} to={`${A}/4/coborrower`} fz="sm">
                  Edit your coborrower’s employment history
                </Anchor>
              ) : null}
            </Part>
          ) : null}
        </Stack>
      </Section>
      {selfEmployed ? (
        <Section title={summarySections.business} to={`${A}/business-information`} open={open}>
          {app.user.business ? (
            <Rows
              rows={[
                ['Business name', app.user.business.name],
                ['Address', address(app.user.business.address)],
                ['Phone', formatPhone(app.user.business.phone)],
                ['Structure', labelOf('businessStructure', app.user.business.structure)],
                ['Your share', labelOf('ownershipShare', app.user.business.ownershipShare)],
                ['Years in business', String(app.user.business.yearsInBusiness)],
              ]}
            />
          ) : (
            <Text>Not entered yet.</Text>
          )}
        </Section>
      ) : null}
      <Section title={summarySections.otherIncome} to={`${A}/other-income`} open={open}>
        <Stack gap="md">
          <Part title={whose(app.user, false)}>
            <IncomeRows p={app.user} />
          </Part>
          {cob ? (
            <Part title={whose(cob, true)}>
              <IncomeRows p={cob} />
              {open ? (
                <Anchor component={Link} to={`${A}/other-income/coborrower`} fz="sm">
                  Edit your coborrower’s other income
                </Anchor>
              ) : null}
            </Part>
          ) : null}
        </Stack>
      </Section>
      <Section title={summarySections.debts} to={`${A}/debt-consolidation`} open={open}>
        {(app.liabilities ?? []).length === 0 ? (
          <Text>No debts on your application.</Text>
        ) : (
          <Rows
            rows={app.liabilities.map((l): Row => [
              l.creditor ?? 'Debt',
              `${formatDollars(l.balance)}: ${l.toBePaidOff ? 'pay off at closing' : l.omitted ? 'left out of the debt-to-income ratio' : 'keep'}`,
            ])}
          />
        )}
      </Section>
      <Section title={summarySections.demographics} to={`${A}/6`} open={open}>
        <PerPerson view={view} render={(p) => <DemographicsRows p={p} />} />
      </Section>
      <Section title={summarySections.declarations} to={`${A}/7`} open={open}>
        <PerPerson view={view} render={(p) => <DeclarationRows p={p} />} />
      </Section>
      {people(view).some(({ person }) => person.incomeVerification || person.identityCheck) ? (
        <Section title={summarySections.verification} to={`${A}/income-verification`} open={open}>
          <PerPerson view={view} render={(p) => <VerificationRows p={p} />} />
        </Section>
      ) : null}
      <Section title={summarySections.documents} to={`${A}/upload`} open={open}>
        <DocumentRows view={view} />
      </Section>
      {app.signatures?.length ? (
        <Section title={summarySections.signatures} to={`${A}/sign`} open={open && signAgain}>
          <SignatureRows view={view} />
        </Section>
      ) : null}
      {app.disbursement ? (
        <Section title={summarySections.disbursement} to={`${A}/loan-disbursement`} open={open}>
          <Rows
            rows={[
              ['Name on the account', app.disbursement.accountHolderName],
              ['Account type', app.disbursement.accountType === 'savings' ? 'Savings' : 'Checking'],
              ['Routing number', app.disbursement.routingNumber],
              ['Account number', app.disbursement.accountNumber],
              ['First draw', dollars(app.disbursement.initialDraw)],
            ]}
          />
        </Section>
      ) : null}
      <NextStep submitted={!open} />
    </Stack>
  );
}

/**
 * The line the application asks for, on the policy's figures for the
 * amount chosen (application.drawTerms: the latest preview offer's line,
 * fee, APR and payments), and the first draw once it is chosen.
 */
function OfferRows({ firstDraw }: { firstDraw: number | null | undefined }) {
  const terms = useDrawTerms();
  if (terms.isPending) return <Skeleton h={64} aria-hidden="true" />;
  if (terms.isError) {
    return <QueryError title="We couldn’t load your line’s terms" error={terms.error} onRetry={() => void terms.refetch()} />;
  }
  const t = terms.data;
  const rows: Row[] = [
    [offerLabels.line, formatDollars(t.line)],
    [offerLabels.apr, formatRate(t.apr)],
    [offerLabels.fee, formatDollars(t.originationFee)],
  ];
  if (t.payments) {
    rows.push([offerLabels.drawPayment(t.payments.drawMonths / 12), formatCents(t.payments.drawPaymentCents)]);
    rows.push([offerLabels.repaymentPayment(t.payments.repaymentMonths / 12), formatCents(t.payments.repaymentPaymentCents)]);
  }
  rows.push([offerLabels.firstDraw, dollars(firstDraw)]);
  return <Rows rows={rows} />;
}

/** Each person's documents the rules ask for, by their labels, with how many are in and the files' names. */
function DocumentRows({ view }: { view: ApplicationView }) {
  const documents = useDocuments();
  if (documents.isPending) return <Skeleton h={64} aria-hidden="true" />;
  if (documents.isError) {
    return <QueryError title="We couldn’t load your documents" error={documents.error} onRetry={() => void documents.refetch()} />;
  }
  return <PerPerson view={view} render={(_, coborrower) => <PartyDocuments docs={documents.data} party={coborrower ? 'coborrower' : 'borrower'} />} />;
}

function PartyDocuments({ docs, party }: { docs: DocumentsView; party: 'borrower' | 'coborrower' }) {
  const asked = docs.requirements.documents[party] ?? [];
  if (asked.length === 0) return <Text>{documentLabels.none}</Text>;
  return (
    <Rows
      rows={asked.map((d): Row => {
        const files = docs.uploads.filter((u) => u.party === party && u.type === d.type).map((u) => u.fileName);
        return [d.label, `${documentLabels.count(d.uploaded, d.required)}${files.length ? ` (${files.join(', ')})` : ''}`];
      })}
    />
  );
}

/**
 * Where the summary leads: while the application is open, to the first of
 * its pages the rules do not count as done (funnel.pages); once submitted,
 * to its status.
 */
function NextStep({ submitted }: { submitted: boolean }) {
  const pages = useApplicationPages();
  const submittedPath = paths.application.submitted ?? `${A}/submitted`;
  const to = submitted ? submittedPath : pages.data?.pages.find((p) => p.state !== 'done')?.path;
  if (!to) return null;
  return (
    <Group justify="flex-end">
      <Button component={Link} to={to} size="md">
        {submitted ? nextStepLabels.submitted : nextStepLabels.open}
      </Button>
    </Group>
  );
}

/** A job's pay beyond its base, by kind, or none. */
function extraPay(j: { bonuses?: number | null; overtime?: number | null; commissions?: number | null }): string {
  const parts = (
    [
      ['bonuses', j.bonuses],
      ['overtime', j.overtime],
      ['commissions', j.commissions],
    ] as const
  )
    .filter(([, v]) => v != null && v > 0)
    .map(([kind, v]) => `${dollars(v)} ${kind}`);
  return parts.length ? parts.join(', ') : 'None';
}

/** A date and time as the borrower reads it: November 22, 2026. */
function day(at: string): string {
  return formatDate(at);
}

/** How a person's income is verified and how their ID check went. */
function VerificationRows({ p }: { p: Person }) {
  const income = p.incomeVerification;
  const check = p.identityCheck;
  // The IDs' names are the documents table's (verification.identityStatus).
  const idTypes = useIdentity().data?.idTypes ?? [];
  const idLabel = check ? (idTypes.find((t) => t.id === check.idType)?.label ?? check.idType) : '';
  const idResult = !check
    ? V.notChecked
    : p.identityVerificationStatus === 'passed'
      ? V.idPassed(idLabel, day(check.checkedAt))
      : p.identityVerificationStatus === 'review'
        ? V.idReview(idLabel, day(check.checkedAt))
        : V.idFailed(idLabel, day(check.checkedAt));
  return (
    <Rows
      rows={[
        [V.income, !income ? V.notChosen : income.method === 'payroll' ? V.byPayroll(income.provider, day(income.verifiedAt)) : V.byDocuments],
        [V.identity, idResult],
      ]}
    />
  );
}

/**
 * Each disclosure signed, by its title, whom and when; a signature of a text
 * that has changed since (the documents are filled in with the application
 * and its offer) is said to need signing again.
 */
function SignatureRows({ view }: { view: ApplicationView }) {
  const disclosures = useQuery(getDisclosuresQueryOptions());
  const current = new Map([...(disclosures.data?.documents ?? []), ...(disclosures.data ? [disclosures.data.consent] : [])].map((d) => [d.id, d]));
  const rows = (view.application.signatures ?? []).map((s): Row => {
    const doc = current.get(s.documentId);
    const earlier = doc !== undefined && doc.hash !== s.hash;
    return [doc?.title ?? s.documentId, (earlier ? V.signedEarlierBy : V.signedBy)(s.name, day(s.signedAt))];
  });
  return <Rows rows={rows} />;
}

export default function ApplicationSummaryPage() {
  const application = useApplication();
  const steps = useFunnelSteps();
  if (application.isPending || steps.isPending) return <Skeleton h={240} aria-hidden="true" />;
  if (application.isError) {
    return <QueryError title="We couldn’t load your application" error={application.error} onRetry={() => void application.refetch()} />;
  }
  if (steps.isError) return <QueryError title="We couldn’t load your application" error={steps.error} onRetry={() => void steps.refetch()} />;
  return <Summary view={application.data} sections={steps.data.sections} />;
}
