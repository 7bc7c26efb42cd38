import { Alert, Box, Button, Checkbox, Code, Flex, Paper, Skeleton, Stack, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';

import { getFunnelPagesQueryOptions, useFunnelPages } from '@/api/get-funnel-pages';
import { isTRPCClientError } from '@/api/trpc-client';
import { QueryError } from '@/components/ui/query-error';
import { paths } from '@/config/paths';

import { useDisclosures, type Disclosure, type DisclosuresView, type SignatureRecord } from '../../api/get-disclosures';
import { useSignDisclosuresMutation, type SignInput } from '../../api/sign-disclosures';
import { signCopy } from '../../content/sign-copy';
import { CoborrowerWaiting } from '../coborrower/coborrower-waiting';
import { saveErrorMessage } from '../section-page';
import { DocumentRegion } from './sign-document';
import { formatDateTime } from '@/lib/format';

// disclosures/sign (screens.md): the Home Equity Credit Agreement, the Truth
// in Lending disclosure, the early disclosure and the home equity booklet,
// each shown in full in a box of its own (application.disclosures, filled
// in with the loan's terms), a checkbox per document, the e-sign consent
// with its text, and each person's typed full legal name. "Sign and
// continue" sends the hash of every text read (application.sign); the
// server's refusals show beside their fields, and a text that changed
// since it was read is loaded again to be read again. Once signed, the
// page shows what was signed, by whom and when, read-only.

const signPath = paths.application['sign'] ?? '/app/application/sign';

/** STALE is what the server says when a text changed since it was read. */
const STALE = 'The disclosures changed; read them again';

type Errors = Record<string, string>;

function when(at: string | null | undefined): string {
  return formatDateTime(at, 'long');
}

const fieldId = (key: string) => `sign-${key.replace(/[^a-zA-Z0-9-]/g, '-')}`;

type SignFormProps = {
  view: DisclosuresView;
  stale: boolean;
  onStale: () => Promise<unknown>;
  /** Whose signature the form takes: each person signs for themselves, in their own sign-in. */
  party: 'borrower' | 'coborrower';
  /** Sends the signature (application.sign, or coborrower.sign). */
  send: (input: SignInput) => Promise<unknown>;
  pending: boolean;
  /** What follows a signature the server took. */
  afterSign: () => Promise<void>;
  back?: boolean;
  /** The main button's name (signCopy.submit: "Sign and continue"). */
  submitLabel?: string;
};

/** The borrower's signature: sent with application.sign, then on to the next page. */
function BorrowerSignForm(props: Pick<SignFormProps, 'view' | 'stale' | 'onStale'>) {
  const sign = useSignDisclosuresMutation();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return (
    <SignForm
      {...props}
      party="borrower"
      send={(input) => sign.mutateAsync(input)}
      pending={sign.isPending}
      afterSign={async () => {
        const pages = await queryClient.fetchQuery({ ...getFunnelPagesQueryOptions({ path: signPath }), staleTime: 0 });
        if (pages.next) await navigate(pages.next.path);
      }}
      back
    />
  );
}

export function SignForm({ view: all, stale, onStale, party, send, pending, afterSign, back, submitLabel = signCopy.submit }: SignFormProps) {
  const view: DisclosuresView = { ...all, people: all.people.filter((p) => p.party === party) };
  const me = view.people[0];
  const [read, setRead] = useState<Record<string, boolean>>({});
  const [consent, setConsent] = useState(false);
  const [names, setNames] = useState<Record<string, string>>({});
  const [errors, setErrors] = useState<Errors>({});
  const [formError, setFormError] = useState<string | null>(null);

  const focusFirst = (found: Errors) => {
    const order = [
      ...view.documents.map((d) => `read.${d.id}`),
      'consent',
      ...view.people.map((_, i) => `signatures.${i}.name`),
    ];
    const first = order.find((k) => found[k]);
    if (first) document.getElementById(fieldId(first))?.focus();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const found: Errors = {};
    for (const d of view.documents) if (!read[d.id]) found[`read.${d.id}`] = signCopy.readRequired;
    if (!consent) found.consent = signCopy.consentRequired;
    view.people.forEach((p, i) => {
      if (!(names[p.party] ?? '').trim()) found[`signatures.${i}.name`] = signCopy.nameRequired;
    });
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    try {
      await send({
        consent,
        documents: view.documents.map((d) => ({ id: d.id, hash: d.hash })),
        signatures: view.people.map((p) => ({ party: p.party, name: names[p.party] ?? '' })),
      });
    } catch (err) {
      const fields = isTRPCClientError(err) ? err.fields : [];
      const server: Errors = {};
      const others: string[] = [];
      for (const f of fields) {
        if (f.path === 'documents' && f.message === STALE) {
          setRead({});
          await onStale();
        } else if (f.path === 'consent' || /^signatures\.\d+\.name$/.test(f.path)) {
          server[f.path] = f.message;
        } else {
          others.push(f.message);
        }
      }
      setErrors(server);
      if (fields.length === 0) setFormError(saveErrorMessage(err));
      else if (others.length > 0) setFormError(others.join(' '));
      focusFirst(server);
      return;
    }
    try {
      await afterSign();
    } catch (err) {
      setFormError(saveErrorMessage(err));
    }
  };

  return (
    <form noValidate onSubmit={submit} aria-label="Disclosures and signature">
      <Stack gap="xl">
        {stale ? (
          <Alert color="yellow" variant="light" role="alert" title="Please read the disclosures again">
            {signCopy.stale}
          </Alert>
        ) : null}
        {me?.signedEarlierAt && me.changed.length > 0 ? (
          <Alert color="yellow" variant="light" role="status" title={signCopy.changedTitle}>
            {signCopy.changed(when(me.signedEarlierAt), me.changed, me.changed.length === view.documents.length + 1)}
          </Alert>
        ) : null}
        <Text>{signCopy.intro}</Text>
        {party === 'borrower' && all.people.some((p) => p.party === 'coborrower') ? <CoborrowerWaiting part="signed" /> : null}
        {view.documents.map((d) => (
          <Paper key={d.id} withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby={fieldId(`title-${d.id}`)}>
            <Stack gap="sm">
              <Title order={2} fz="lg" id={fieldId(`title-${d.id}`)}>
                {d.title}
              </Title>
              <DocumentRegion label={signCopy.regionLabel(d.title)} title={d.title} body={d.body} />
              <Text fz="xs" c="dimmed">
                Version {d.version}
              </Text>
              <Checkbox
                id={fieldId(`read.${d.id}`)}
                label={signCopy.readLabel(d.title)}
                checked={!!read[d.id]}
                onChange={(e) => {
                  const checked = e.currentTarget.checked;
                  setRead((r) => ({ ...r, [d.id]: checked }));
                }}
                error={errors[`read.${d.id}`]}
              />
            </Stack>
          </Paper>
        ))}
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="sign-consent-heading">
          <Stack gap="sm">
            <Title order={2} fz="lg" id="sign-consent-heading">
              {signCopy.consentHeading}
            </Title>
            <DocumentRegion label={signCopy.regionLabel(view.consent.title)} title={view.consent.title} body={view.consent.body} />
            <Checkbox
              id={fieldId('consent')}
              label={signCopy.consentLabel}
              checked={consent}
              onChange={(e) => setConsent(e.currentTarget.checked)}
              error={errors.consent}
            />
          </Stack>
        </Paper>
        <Paper withBorder radius="md" p={{ base: 'sm', sm: 'lg' }} component="section" aria-labelledby="sign-signature-heading">
          <Stack gap="md">
            <Title order={2} fz="lg" id="sign-signature-heading">
              {signCopy.signatureHeading}
            </Title>
            {view.people.map((p, i) => (
              <TextInput
                key={p.party}
                id={fieldId(`signatures.${i}.name`)}
                label={signCopy.signatureLabel('borrower')}
                description={signCopy.signatureHint(p.name)}
                autoComplete="off"
                spellCheck={false}
                value={names[p.party] ?? ''}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setNames((n) => ({ ...n, [p.party]: value }));
                }}
                error={errors[`signatures.${i}.name`]}
                styles={{ input: { fontFamily: 'cursive, var(--mantine-font-family)', fontSize: 'var(--mantine-font-size-lg)' } }}
              />
            ))}
          </Stack>
        </Paper>
        {formError ? (
          <Alert color="red" variant="light" role="alert" title={signCopy.saveError}>
            {formError}
          </Alert>
        ) : null}
        <Flex direction={{ base: 'column-reverse', sm: 'row' }} justify="space-between" gap="sm">
          {back ? <BackLink /> : null}
          <Button type="submit" size="md" ml={{ sm: 'auto' }} loading={pending}>
            {submitLabel}
          </Button>
        </Flex>
      </Stack>
    </form>
  );
}

function BackLink() {
  const pages = useFunnelPages({ path: signPath });
  const previous = pages.data && !pages.isPlaceholderData ? pages.data.previous : null;
  return previous ? (
    <Button component={Link} to={previous.path} variant="default" size="md">
      Back
    </Button>
  ) : null;
}

/** What was signed, by whom and when: the records of each current text. */
export function Signed({ view, nav = true }: { view: DisclosuresView; nav?: boolean }) {
  // Without the application's navigation (the coborrower's page) its pages are not asked for.
  const pages = useQuery({ ...getFunnelPagesQueryOptions({ path: signPath }), enabled: nav });
  const next = nav && pages.data && !pages.isPlaceholderData ? pages.data.next : null;
  const docs: Disclosure[] = [...view.documents, view.consent];
  const recordOf = (d: Disclosure, party: string): SignatureRecord | undefined =>
    view.signatures.find((r) => r.documentId === d.id && r.hash === d.hash && r.party === party);
  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="sign-signed-heading">
        <Stack gap={4}>
          <Title order={2} fz="lg" id="sign-signed-heading">
            {signCopy.signedTitle}
          </Title>
          {view.people.map((p) => (
            <Text key={p.party} fz="sm">
              {p.signedAt
                ? `Signed by ${p.name} on ${when(p.signedAt)}.`
                : p.signedEarlierAt
                  ? signCopy.othersChanged(p.name, when(p.signedEarlierAt))
                  : `Not signed by ${p.name} yet: they sign in their own sign-in.`}
            </Text>
          ))}
          {view.readOnly ? <Text fz="sm">{signCopy.readOnlyNote}</Text> : null}
        </Stack>
      </Paper>
      <Text fz="sm">{signCopy.signedIntro}</Text>
      <Stack component="ul" gap="sm" m={0} p={0} aria-label="Documents signed" style={{ listStyle: 'none' }}>
        {docs.map((d) => (
          <Paper key={d.id} component="li" withBorder radius="md" p="sm">
            <Text fw={600} fz="sm">
              {d.title}
            </Text>
            <Text fz="sm" c="dimmed">
              Version {d.version}
            </Text>
            {view.people.map((p) => {
              const r = recordOf(d, p.party);
              return (
                <Text key={p.party} fz="sm">
                  {r ? `Signed as “${r.name}” on ${when(r.signedAt)}` : `Not signed by ${p.name}`}
                </Text>
              );
            })}
            <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
              Fingerprint (SHA-256): <Code fz="xs">{d.hash}</Code>
            </Text>
          </Paper>
        ))}
      </Stack>
      <Stack gap="sm">
        {docs.map((d) => (
          <details key={d.id}>
            <summary>
              <Text component="span" fz="sm" fw={500}>
                Read “{d.title}” again
              </Text>
            </summary>
            <Box mt="xs">
              <DocumentRegion label={signCopy.regionLabel(d.title)} title={d.title} body={d.body} />
            </Box>
          </details>
        ))}
      </Stack>
      <Flex direction={{ base: 'column-reverse', sm: 'row' }} justify="space-between" gap="sm">
        {nav ? <BackLink /> : null}
        {next ? (
          <Button component={Link} to={next.path} size="md" ml={{ sm: 'auto' }}>
            Continue
          </Button>
        ) : null}
      </Flex>
    </Stack>
  );
}

export default function SignPage() {
  const disclosures = useDisclosures();
  const [stale, setStale] = useState(false);
  if (disclosures.isPending) {
    return (
      <Stack gap="md">
        <VisuallyHidden role="status">Loading your disclosures</VisuallyHidden>
        <Skeleton h={24} aria-hidden="true" />
        <Skeleton h={240} aria-hidden="true" />
      </Stack>
    );
  }
  if (disclosures.isError) {
    const err = disclosures.error;
    if (isTRPCClientError(err) && err.code === 'BAD_REQUEST') {
      return (
        <Alert color="yellow" variant="light" title={signCopy.loadError}>
          {err.message}
        </Alert>
      );
    }
    return <QueryError title={signCopy.loadError} error={err} onRetry={() => void disclosures.refetch()} />;
  }
  const view = disclosures.data;
  const mine = view.people.find((p) => p.party === 'borrower');
  const waiting = view.people.some((p) => p.party === 'coborrower');
  if (view.signed || view.readOnly || mine?.signedAt) {
    return (
      <Stack gap="xl">
        {waiting && !view.signed ? <CoborrowerWaiting part="signed" /> : null}
        <Signed view={view} />
      </Stack>
    );
  }
  return (
    <BorrowerSignForm
      key={view.documents.map((d) => d.hash).join()} view={view}
      stale={stale}
      onStale={async () => {
        setStale(true);
        await disclosures.refetch();
      }}
    />
  );
}
