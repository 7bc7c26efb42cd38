import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

import { QueryError } from '@/components/ui/query-error';
import { formatDate, formatDollars, formatRate } from '@/lib/format';

import {
  useLoanApplication,
  useLoanHmda,
  type PortalApplicant,
  type PortalApplication,
  type PortalCreditSummary,
  type PortalDebt,
  type PortalFigures,
} from '../api/loan-application';
import { FactList } from './fact-list';

// The Application tab: the whole application as the borrower and the
// coborrower gave it, in people's words (the server sends every
// enumeration by its label): the property and how it is occupied, the
// liens and other debts, each person's employment history with its gaps
// and explanations (the gaps the employment policy finds), income by source
// with how it is verified, and
// declarations; the credit report in brief; the CLTV and DTI as the rules
// computed them (the latest preview offer's, never worked out here). The
// demographic (HMDA) answers are shown only to a role granted hmda.read:
// they are not for underwriting.

const notGiven = 'Not given';

export function LoanApplicationTab({ loanId, canSeeHmda }: { loanId: string; canSeeHmda: boolean }) {
  const application = useLoanApplication(loanId);
  if (application.isError) {
    return (
      <QueryError title="The application could not be loaded" error={application.error} onRetry={() => void application.refetch()} />
    );
  }
  const v = application.data;
  if (!v) {
    return (
      <Stack gap="sm" aria-busy="true" aria-label="Loading the application">
        <Skeleton height={28} width="40%" />
        <Skeleton height={200} />
      </Stack>
    );
  }
  return (
    <Stack gap="xl">
      {!v.started ? <Text c="dimmed">The borrower has not saved any page of the application yet.</Text> : null}
      <FiguresSection figures={v.figures} />
      <PropertySection v={v} />
      <DebtsSection v={v} />
      {v.people.map((p) => (
        <PersonSection key={p.party} person={p} />
      ))}
      <CreditSection reports={v.credit} people={v.people} />
      {canSeeHmda ? <HmdaSection loanId={loanId} /> : null}
    </Stack>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} id={id} fz="h3" mb="sm">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** A part of a section, with its h3. */
function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs" mt="md">
      <Title order={3} fz="h5">
        {title}
      </Title>
      {children}
    </Stack>
  );
}

function money(v: number | null | undefined): string {
  return v === null || v === undefined ? notGiven : formatDollars(v);
}

function monthly(v: number | null | undefined): string {
  return v === null || v === undefined ? notGiven : `${formatDollars(v)} a month`;
}

/** A fraction the rules gave (0.3621) as a percent to two decimals: 36.21%. */
function percent(fraction: number): string {
  return formatRate(fraction * 100);
}

function addressText(a: PortalApplication['property']['address']): string {
  if (!a) return notGiven;
  return [a.line1, a.line2, `${a.city}, ${a.state} ${a.zip}`].filter(Boolean).join(', ');
}

function FiguresSection({ figures }: { figures: PortalFigures | null }) {
  return (
    <Section id="application-figures" title="CLTV and DTI">
      {figures ? (
        <>
          <FactList
            facts={[
              ['Combined loan-to-value (CLTV)', figures.cltv === null ? 'Not computed' : percent(figures.cltv)],
              [
                'Debt-to-income (DTI)',
                !figures.dti ? 'Not computed' : figures.dti.ratio === null ? 'No income given' : percent(figures.dti.ratio),
              ],
              ['Largest DTI allowed', figures.dti ? percent(figures.dti.max) : 'Not computed'],
              ['Monthly income counted', figures.dti ? formatDollars(figures.dti.monthlyIncome) : 'Not computed'],
              ['Monthly debts counted', figures.dti ? formatDollars(figures.dti.monthlyDebts) : 'Not computed'],
              ['Line offered', figures.line === null ? 'No offer' : formatDollars(figures.line)],
            ]}
          />
          <Text fz="sm" c="dimmed" mt="sm">
            As the rules computed them for the latest preview offer, on {formatDate(figures.decidedAt)}.
          </Text>
        </>
      ) : (
        <Text>The rules have not made an offer on this loan yet.</Text>
      )}
    </Section>
  );
}

function PropertySection({ v }: { v: PortalApplication }) {
  const p = v.property;
  return (
    <Section id="application-property" title="Property and occupancy">
      <FactList
        facts={[
          ['Address', addressText(p.address)],
          ['Occupancy', p.occupancy ?? notGiven],
          ['Property type', p.type ?? notGiven],
          ['Units', p.units ?? notGiven],
          ['Title held as', p.titleHolding ?? notGiven],
          ['Held in a trust', p.inTrust ? 'Yes' : 'No'],
          ['Value given by the borrower', money(p.value)],
          ['Property taxes', monthly(p.monthlyTaxes)],
          ['Homeowners insurance', monthly(p.monthlyInsurance)],
          ['HOA dues', monthly(p.hoaMonthly)],
        ]}
      />
      {v.otherProperties.length > 0 ? (
        <Part title="Other real estate owned">
          {v.otherProperties.map((o, i) => (
            <Stack key={i} gap={4}>
              <Text fw={500}>{addressText(o.address)}</Text>
              <Text fz="sm">
                {[o.type, o.usage, o.units ? `${o.units} units` : null, o.value !== null ? `worth ${formatDollars(o.value)}` : null]
                  .filter(Boolean)
                  .join(' · ') || notGiven}
              </Text>
              {o.liens.length > 0 ? <DebtList debts={o.liens} label={`Liens on ${addressText(o.address)}`} /> : null}
            </Stack>
          ))}
        </Part>
      ) : null}
    </Section>
  );
}

function DebtsSection({ v }: { v: PortalApplication }) {
  return (
    <Section id="application-debts" title="Liens and liabilities">
      <Part title="Liens on the property">
        {v.liens.length > 0 ? <DebtList debts={v.liens} label="Liens on the property" /> : <Text c="dimmed">No liens listed.</Text>}
      </Part>
      <Part title="Other debts">
        {v.liabilities.length > 0 ? (
          <DebtList debts={v.liabilities} label="Other debts" />
        ) : (
          <Text c="dimmed">No other debts listed.</Text>
        )}
      </Part>
    </Section>
  );
}

function DebtList({ debts, label }: { debts: PortalDebt[]; label: string }) {
  return (
    <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={label}>
      {debts.map((d, i) => (
        <Paper key={i} component="li" withBorder radius="md" p="sm">
          <Group justify="space-between" gap="xs" wrap="wrap" align="baseline">
            <Text fw={600}>{d.creditor ?? 'Creditor not given'}</Text>
            <Text fw={600}>{formatDollars(d.balance)}</Text>
          </Group>
          <Text fz="sm" c="dimmed">
            {[
              d.kind,
              d.debtor ? `${d.debtor}’s` : null,
              d.monthlyPayment !== null ? `${formatDollars(d.monthlyPayment)} a month` : null,
              d.addedByUser ? 'added by the borrower' : 'from the credit report',
            ]
              .filter(Boolean)
              .join(' · ')}
          </Text>
          <Group gap={6} mt={4}>
            {d.confirmed ? <Flag color="teal">Confirmed by the borrower</Flag> : null}
            {d.toBePaidOff ? <Flag color="blue">Paid off with the line</Flag> : null}
            {d.omitted ? <Flag color="gray">Left out by the lender</Flag> : null}
            {d.latePaymentDays ? (
              <Flag color="red">
                {d.latePaymentDays} days late{d.latePaymentDate ? ` on ${formatDate(d.latePaymentDate)}` : ''}
              </Flag>
            ) : null}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

function Flag({ color, children }: { color: string; children: ReactNode }) {
  return (
    <Badge color={color} c="dark.9" variant="light" radius="sm" tt="none" fw={600}>
      {children}
    </Badge>
  );
}

function PersonSection({ person: p }: { person: PortalApplicant }) {
  const id = `application-${p.party}`;
  const who = p.party === 'borrower' ? 'Borrower' : 'Coborrower';
  return (
    <Section id={id} title={`${who}: ${p.name || 'no name yet'}`}>
      <FactList
        facts={[
          ['Citizenship', p.citizenship ?? notGiven],
          ['Marital status', p.maritalStatus ?? notGiven],
          ['Military service', p.militaryStatus ?? notGiven],
          ['Housing', p.housing ?? notGiven],
          [
            'Income verification',
            p.incomeVerification
              ? `${p.incomeVerification.method}${p.incomeVerification.provider ? ` (${p.incomeVerification.provider})` : ''}, chosen on ${formatDate(p.incomeVerification.verifiedAt)}`
              : 'Not chosen yet',
          ],
          [
            'Identity',
            p.identity ? `${p.identity.idType}: ${p.identity.status ?? 'checked'} on ${formatDate(p.identity.checkedAt)}` : 'Not checked yet',
          ],
        ]}
      />
      <Part title="Income by source">
        {p.incomes.length > 0 ? (
          <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
            {p.incomes.map((inc, i) => (
              <div key={i}>
                <Text component="dt" fz="sm" c="dimmed">
                  {inc.source}
                </Text>
                <Text component="dd" m={0} fw={500}>
                  {monthly(inc.monthly)}
                  <Text component="span" display="block" fz="sm" fw={400} c="dimmed">
                    {inc.verification}
                  </Text>
                </Text>
              </div>
            ))}
          </SimpleGrid>
        ) : (
          <Text c="dimmed">No income given yet.</Text>
        )}
      </Part>
      <Part title="Employment history">
        {p.employments.length > 0 ? (
          <Stack component="ul" gap="xs" m={0} p={0} style={{ listStyle: 'none' }} aria-label={`${who}’s employment history`}>
            {p.employments.map((e, i) => (
              <li key={i}>
                <Text fw={500}>
                  {[e.position, e.employerName].filter(Boolean).join(' at ') || 'An employment'}
                  {e.selfEmployed ? ` (self-employed${e.businessStructure ? `, ${e.businessStructure}` : ''})` : ''}
                </Text>
                <Text fz="sm" c="dimmed">
                  {formatDate(e.startDate)} to {e.endDate ? formatDate(e.endDate) : 'today'} · {monthly(e.monthlyPay)} · {e.verification}
                </Text>
              </li>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">No employment given yet.</Text>
        )}
        {p.gaps.length > 0 ? (
          <Stack gap={4} mt="xs">
            <Text fw={600} fz="sm">
              Gaps and the explanations given
            </Text>
            {p.gaps.map((g, i) => (
              <Text key={i} fz="sm">
                {formatDate(g.from)} to {formatDate(g.to)} ({g.days} days):{' '}
                {g.explanation !== null ? (
                  `“${g.explanation}”`
                ) : (
                  <Text component="span" fz="sm" fw={600} c="red.9">
                    no explanation given yet
                  </Text>
                )}
              </Text>
            ))}
          </Stack>
        ) : null}
      </Part>
      <Part title="Declarations">
        {p.declarations.length > 0 ? (
          <Stack component="dl" gap={6} m={0}>
            {p.declarations.map((d) => (
              <Group key={d.question} justify="space-between" wrap="nowrap" align="flex-start" gap="md">
                <Text component="dt" fz="sm">
                  {d.question}
                </Text>
                <Text component="dd" m={0} fz="sm" fw={600} ta="right" style={{ flexShrink: 0 }}>
                  {d.answer}
                  {d.detail ? `: ${d.detail}` : ''}
                </Text>
              </Group>
            ))}
          </Stack>
        ) : (
          <Text c="dimmed">Not answered yet.</Text>
        )}
      </Part>
    </Section>
  );
}

function CreditSection({ reports, people }: { reports: PortalCreditSummary[]; people: PortalApplicant[] }) {
  const nameOf = (party: string) => people.find((p) => p.party === party)?.name || (party === 'borrower' ? 'Borrower' : 'Coborrower');
  return (
    <Section id="application-credit" title="Credit report">
      {reports.length === 0 ? <Text c="dimmed">No credit report has been pulled yet.</Text> : null}
      {reports.map((r) => (
        <Part key={r.party} title={`${nameOf(r.party)}’s report`}>
          <FactList
            facts={[
              ['Score', r.score === null ? 'No score' : `${r.score} (${r.scoreModel}, ${r.scoreRange.min}–${r.scoreRange.max})`],
              ['Pulled', `${formatDate(r.pulledAt)} from ${r.bureau}`],
              ['Late payments reported', r.latePayments === 0 ? 'None' : String(r.latePayments)],
              ['Key factors', r.keyFactors.length > 0 ? r.keyFactors.join('; ') : 'None given'],
            ]}
          />
          {r.tradelines.length > 0 ? (
            <Stack component="ul" gap={4} m={0} mt="xs" p={0} style={{ listStyle: 'none' }} aria-label={`${nameOf(r.party)}’s tradelines`}>
              {r.tradelines.map((t, i) => (
                <li key={i}>
                  <Text fz="sm">
                    <strong>{t.creditor}</strong> · {t.kind} · {formatDollars(t.balance)} owed · {formatDollars(t.monthlyPayment)} a month
                    {t.latePaymentDays ? (
                      <Text component="span" c="red.9" fw={600}>
                        {' '}
                        · {t.latePaymentDays} days late{t.latePaymentDate ? ` on ${formatDate(t.latePaymentDate)}` : ''}
                      </Text>
                    ) : null}
                  </Text>
                </li>
              ))}
            </Stack>
          ) : null}
        </Part>
      ))}
    </Section>
  );
}

function HmdaSection({ loanId }: { loanId: string }) {
  const hmda = useLoanHmda(loanId, { enabled: true });
  return (
    <Section id="application-hmda" title="Demographic information (HMDA)">
      <Text fz="sm" c="dimmed" mb="sm">
        Collected for fair-lending monitoring. Not for underwriting: it plays no part in the credit decision.
      </Text>
      {hmda.isError ? (
        <QueryError title="The demographic answers could not be loaded" error={hmda.error} onRetry={() => void hmda.refetch()} />
      ) : !hmda.data ? (
        <Skeleton height={80} aria-label="Loading the demographic answers" />
      ) : (
        hmda.data.people.map((h) => (
          <Part key={h.party} title={h.name || (h.party === 'borrower' ? 'Borrower' : 'Coborrower')}>
            <FactList
              facts={[
                ['Ethnicity', h.ethnicity.join('; ') || 'Not answered'],
                ['Race', h.race.join('; ') || 'Not answered'],
                ['Sex', h.sex.join('; ') || 'Not answered'],
              ]}
            />
          </Part>
        ))
      )}
    </Section>
  );
}
