import { Alert, Button, FileButton, Flex, Group, Paper, Radio, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';

import { uploadDocument } from '@/api/documents/upload-document';
import { getFunnelPagesQueryOptions, useFunnelPages } from '@/api/get-funnel-pages';
import { isTRPCClientError } from '@/api/trpc-client';
import { QueryError } from '@/components/ui/query-error';

import {
  identityQueryKey,
  useIdentity,
  useVerifyIdentityMutation,
  type IdentityIdType,
  type IdentityPerson,
  type IdentityView,
} from '../../api/identity';
import { identityCopy as copy } from '../../content/identity-copy';
import { saveErrorMessage } from '../section-page';

// identity-verification (/app/application/identity-verification): each
// person on the loan, the borrower then the coborrower, chooses a
// government-issued photo ID (the documents table's ID subtypes), takes or
// uploads a photo of each side it needs (an idDocument upload for that
// person and side), and asks the identity provider to check it
// (verification.identity). The result shows under the person: passed, in
// review (the lender's staff look at it; the borrower may go on) or failed
// (try another ID). Continue goes on once every person has a result that
// is not failed.

type Side = 'front' | 'back';

/** An alert's title in the text's colour: a light alert's own colour is too pale to read on its background. */
const readableTitle = { title: { color: 'var(--mantine-color-text)' } };

/** What the server said is wrong, by field (idType, sides, party), and anything else. */
type Problems = { idType?: string; sides?: string; other?: string };

function problemsOf(err: unknown): Problems {
  if (!isTRPCClientError(err) || err.fields.length === 0) return { other: saveErrorMessage(err) };
  const out: Problems = {};
  for (const f of err.fields) {
    if (f.path === 'idType') out.idType = f.message;
    else if (f.path === 'sides') out.sides = f.message;
    else out.other = out.other ? `${out.other} ${f.message}` : f.message;
  }
  return out;
}

/** One side of the chosen ID: take a photo with the camera, or upload a file. */
function SideUpload({
  person,
  idType,
  side,
  disabled,
  onUploaded,
}: {
  person: IdentityPerson;
  idType: IdentityIdType;
  side: Side;
  disabled: boolean;
  onUploaded: () => Promise<void>;
}) {
  const id = useId();
  const legendId = `${id}-legend`;
  const errorId = `${id}-error`;
  const resetCamera = useRef<() => void>(null);
  const resetFile = useRef<() => void>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const onFile = person.sides[side] > 0;

  const send = async (file: File | null, reset: () => void) => {
    if (!file) return;
    setError(null);
    setPending(true);
    setStatus(copy.uploading(file.name));
    try {
      await uploadDocument({ type: 'idDocument', party: person.party, side, file });
      await onUploaded();
      setStatus(copy.uploaded(file.name, side));
    } catch (err) {
      setStatus('');
      setError(`${file.name}: ${uploadError(err)}`);
    } finally {
      setPending(false);
      reset();
    }
  };

  const off = disabled || pending;
  return (
    <Paper withBorder radius="md" p="md" component="fieldset" aria-labelledby={legendId} m={0} style={{ minWidth: 0 }}>
      <Stack gap="xs">
        <Text component="legend" id={legendId} fw={600} p={0}>
          {copy.sideHeading(side, idType.label)}
        </Text>
        <Text fz="sm" c={onFile ? 'teal.8' : 'dimmed'}>
          {onFile ? copy.sideOnFile(side) : copy.sideNeeded(side)}
        </Text>
        <Group gap="sm" grow preventGrowOverflow={false}>
          <FileButton
            accept="image/*"
            capture="environment"
            resetRef={resetCamera}
            disabled={off}
            onChange={(file) => void send(file, () => resetCamera.current?.())}
            inputProps={{ 'aria-label': `${copy.takePhoto}: ${copy.sideHeading(side, idType.label)}` }}
          >
            {(props) => (
              <Button variant="default" size="md" loading={pending} disabled={off} aria-describedby={error ? errorId : undefined} {...props}>
                {copy.takePhoto}
              </Button>
            )}
          </FileButton>
          <FileButton
            accept={copy.accept}
            resetRef={resetFile}
            disabled={off}
            onChange={(file) => void send(file, () => resetFile.current?.())}
            inputProps={{ 'aria-label': `${copy.uploadFile}: ${copy.sideHeading(side, idType.label)}` }}
          >
            {(props) => (
              <Button variant="default" size="md" disabled={off} aria-describedby={error ? errorId : undefined} {...props}>
                {copy.uploadFile}
              </Button>
            )}
          </FileButton>
        </Group>
        {error ? (
          <Text id={errorId} fz="sm" c="red.8" role="alert">
            {error}
          </Text>
        ) : null}
        <Text fz="sm" c="dimmed" role="status" aria-live="polite">
          {status}
        </Text>
      </Stack>
    </Paper>
  );
}

function uploadError(err: unknown): string {
  if (!isTRPCClientError(err)) return copy.uploadFailed;
  const field = err.fields.find((f) => f.path === 'file') ?? err.fields[0];
  if (field) return field.message;
  if (err.code === 'NETWORK_ERROR' || err.code === 'PAYLOAD_TOO_LARGE') return err.message;
  return saveErrorMessage(err);
}

/** The person's result, as a note: passed, in review, failed (with what to do) or a copy asked for. */
function Result({ person, idTypes, sandbox }: { person: IdentityPerson; idTypes: readonly IdentityIdType[]; sandbox: boolean }) {
  if (!person.status) return null;
  const label = idTypes.find((t) => t.id === person.idType)?.label ?? copy.anId;
  const note = sandbox ? ` ${copy.sandboxResult}` : '';
  const result = copy.results[person.status];
  return (
    <Alert color={result.color} variant="light" title={result.title} role="status" styles={readableTitle}>
      <Stack gap={4}>
        <Text fz="sm">
          {copy.checked(label, person.checkedAt)}
          {note}
        </Text>
        {person.reason ? <Text fz="sm">{person.reason}</Text> : null}
        <Text fz="sm">{result.next}</Text>
      </Stack>
    </Alert>
  );
}

/** One person's ID: the result so far, and while there is none (or it failed) the ID, its photos and the check. */
function PersonCheck({ person, view }: { person: IdentityPerson; view: IdentityView }) {
  const queryClient = useQueryClient();
  const headingId = useId();
  const verify = useVerifyIdentityMutation();
  const [idType, setIdType] = useState<string | null>(null);
  const [problems, setProblems] = useState<Problems>({});
  const chosen = view.idTypes.find((t) => t.id === idType) ?? null;
  const open = !view.readOnly && (person.status === null || person.status === 'failed');
  const borrower = person.party === 'borrower';
  const name = person.name || (borrower ? copy.you : copy.yourCoborrower);

  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: identityQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['documents'] }),
    ]);
  };

  const check = async () => {
    setProblems({});
    if (!chosen) {
      setProblems({ idType: copy.chooseId });
      return;
    }
    const missing = chosen.sides.filter((s) => person.sides[s as Side] === 0) as Side[];
    if (missing.length > 0) {
      setProblems({ sides: copy.missingSides(missing, chosen.label) });
      return;
    }
    try {
      const result = await verify.mutateAsync({ party: person.party, idType: chosen.id });
      if (result.person.status === 'failed') setIdType(null);
    } catch (err) {
      setProblems(problemsOf(err));
    }
  };

  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <div>
          <Text fz="sm" c="dimmed">
            {borrower ? copy.borrowerRole : copy.coborrowerRole}
          </Text>
          <Title order={2} fz="h3" id={headingId}>
            {name}
          </Title>
        </div>
        <Result person={person} idTypes={view.idTypes} sandbox={view.sandbox} />
        {open ? (
          <>
            <Radio.Group
              label={borrower ? copy.whichId : copy.whichIdOf(name)}
              description={copy.whichIdHelp}
              value={idType}
              onChange={(v) => {
                setIdType(v);
                setProblems({});
              }}
              error={problems.idType}
            >
              <Stack gap="xs" mt="xs">
                {view.idTypes.map((t) => (
                  <Radio key={t.id} value={t.id} label={t.label} description={copy.sidesNeeded(t.sides)} />
                ))}
              </Stack>
            </Radio.Group>
            {chosen ? (
              <Stack gap="sm">
                {chosen.sides.map((side) => (
                  <SideUpload key={`${chosen.id}-${side}`} person={person} idType={chosen} side={side as Side} disabled={verify.isPending} onUploaded={refresh} />
                ))}
                {problems.sides ? (
                  <Text fz="sm" c="red.8" role="alert">
                    {problems.sides}
                  </Text>
                ) : null}
              </Stack>
            ) : null}
            {problems.other ? (
              <Alert color="red" variant="light" role="alert" title={copy.checkFailedTitle}>
                {problems.other}
              </Alert>
            ) : null}
            <Group>
              <Button size="md" onClick={() => void check()} loading={verify.isPending}>
                {borrower ? copy.verifyMine : copy.verifyTheirs(name)}
              </Button>
            </Group>
          </>
        ) : null}
      </Stack>
    </Paper>
  );
}

/** Back, and Continue to the page funnel.pages names next once every person has a result that is not failed. */
function Navigation({ view }: { view: IdentityView }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const pages = useFunnelPages({ path: pathname });
  const [error, setError] = useState<string | null>(null);
  const [going, setGoing] = useState(false);
  const previous = pages.data && !pages.isPlaceholderData ? pages.data.previous : null;
  useEffect(() => {
    // What held the borrower back is gone once every person has a result.
    if (view.complete) setError(null);
  }, [view.complete]);

  const goOn = async () => {
    setError(null);
    if (!view.complete) {
      setError(view.people.length > 1 ? copy.notDoneBoth : copy.notDone);
      return;
    }
    setGoing(true);
    try {
      const fresh = await queryClient.fetchQuery({ ...getFunnelPagesQueryOptions({ path: pathname }), staleTime: 0 });
      if (fresh.next) await navigate(fresh.next.path);
    } catch (err) {
      setError(saveErrorMessage(err));
    } finally {
      setGoing(false);
    }
  };

  return (
    <Stack gap="sm">
      {error ? (
        <Alert color="red" variant="light" role="alert" title={copy.cannotGoOnTitle}>
          {error}
        </Alert>
      ) : null}
      <Flex direction={{ base: 'column-reverse', sm: 'row' }} justify="space-between" gap="sm">
        {previous ? (
          <Button component={Link} to={previous.path} variant="default" size="md">
            Back
          </Button>
        ) : null}
        <Button size="md" ml={{ sm: 'auto' }} onClick={() => void goOn()} loading={going}>
          Continue
        </Button>
      </Flex>
    </Stack>
  );
}

export default function IdentityVerificationPage() {
  const identity = useIdentity();
  if (identity.isPending) {
    return (
      <Stack gap="md" mt="md">
        <VisuallyHidden role="status">{copy.loading}</VisuallyHidden>
        <Skeleton h={20} w="40%" aria-hidden="true" />
        <Skeleton h={120} aria-hidden="true" />
      </Stack>
    );
  }
  if (identity.isError) {
    return <QueryError title={copy.loadFailed} error={identity.error} onRetry={() => void identity.refetch()} />;
  }
  const view = identity.data;
  return (
    <Stack gap="lg">
      {view.sandbox ? (
        <Alert color="yellow" variant="light" title={copy.sandboxTitle} role="note" styles={readableTitle}>
          {copy.sandboxText}
        </Alert>
      ) : null}
      {view.readOnly ? (
        <Alert color="blue" variant="light" title={copy.submittedTitle} role="note" styles={readableTitle}>
          {copy.submittedText}
        </Alert>
      ) : null}
      {view.people.map((p) => (
        <PersonCheck key={p.party} person={p} view={view} />
      ))}
      <Navigation view={view} />
    </Stack>
  );
}
