import { Alert, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';

import type { DocumentParty, DocumentsView, RequiredDocument } from '@/api/documents/types';

import { documentsCount } from '../content/document-copy';
import { RequiredDocumentCard } from './required-document-card';
import { awaitsReplacement, UploadedFiles } from './uploaded-files';

export type PartyNames = Partial<Record<DocumentParty, string | null | undefined>>;

export type DocumentUploadsProps = {
  view: DocumentsView;
  /** The people's names, from the application (a heading without one says "Borrower" or "Coborrower"). */
  names?: PartyNames;
  /** Only these document types (the bank-statement page: bankStatements). */
  types?: readonly string[];
  /** Shown when nothing is asked of anyone. */
  empty?: string;
};

type NamedPerson = { firstName?: string; lastName?: string } | null | undefined;

function fullName(person: NamedPerson): string | undefined {
  const name = [person?.firstName, person?.lastName].filter(Boolean).join(' ');
  return name || undefined;
}

/** The people's names from application.get's answer, for the headings. */
export function partyNames(view: { application?: unknown } | undefined): PartyNames {
  const app = view?.application as { user?: NamedPerson; coborrower?: NamedPerson } | undefined;
  return { borrower: fullName(app?.user), coborrower: fullName(app?.coborrower) };
}

/** Whether an upload is one of a listed document's: a condition's own files, else the files of its type that answer no condition. */
function answers(u: DocumentsView['uploads'][number], d: RequiredDocument): boolean {
  return d.condition ? u.conditionId === d.condition.id : u.type === d.type && !u.conditionId;
}

/** Whether the loan team asks a document of anyone (an underwriting condition) on this page. */
function requested(view: DocumentsView, types?: readonly string[]): boolean {
  return (['borrower', 'coborrower'] as const).some((p) =>
    shownDocuments(view, p, types)?.some(
      (d) => d.condition || view.uploads.some((u) => u.party === p && answers(u, d) && awaitsReplacement(u)),
    ),
  );
}

/** The documents of one person the page shows, in the policy's order. */
export function shownDocuments(view: DocumentsView, party: DocumentParty, types?: readonly string[]): RequiredDocument[] | null {
  const list = view.requirements.documents[party];
  if (!list) return null;
  return types ? list.filter((d) => types.includes(d.type)) : list;
}

/**
 * What is still missing, per person, in words ("Jane Doe: Paystubs (3 missing)"); empty when nothing is.
 * A type left out of the totals (countsInTotal false) does not hold the borrower back.
 */
export function missingSummary(view: DocumentsView, names: PartyNames = {}, types?: readonly string[]): string[] {
  const parties: DocumentParty[] = ['borrower', 'coborrower'];
  return parties.flatMap((party) => {
    const docs = shownDocuments(view, party, types)?.filter((d) => d.missing > 0 && d.countsInTotal !== false) ?? [];
    if (docs.length === 0) return [];
    const who = names[party] || (party === 'borrower' ? 'Borrower' : 'Coborrower');
    return [`${who}: ${docs.map((d) => `${d.label} (${d.missing} missing)`).join('; ')}`];
  });
}

/**
 * What the documents policy asks of the borrower and, on a loan with one,
 * the coborrower: each document with its counts, reasons and upload
 * controls, and the files uploaded. The counts are the server's answer,
 * renewed after every upload and removal.
 */
export function DocumentUploads({ view, names = {}, types, empty }: DocumentUploadsProps) {
  if (view.closed) return <ClosedUploads view={view} names={names} types={types} />;
  const parties = (['borrower', 'coborrower'] as const).filter((p) => view.requirements.documents[p] !== null);
  const asked = parties.some((p) => (shownDocuments(view, p, types)?.length ?? 0) > 0);
  if (!asked) {
    return (
      <Alert color="green" variant="light" title="No documents needed">
        {empty ?? 'Your application doesn’t need any documents right now. If your loan team asks for one, it will be listed here.'}
      </Alert>
    );
  }
  return (
    <Stack gap="xl">
      {view.readOnly ? (
        <Alert color="blue" variant="light" title="Your application has been submitted">
          {requested(view, types)
            ? 'Upload what your loan team asks for below. The other documents you uploaded are listed here and can no longer be changed.'
            : 'The documents you uploaded are listed here. They can no longer be changed.'}
        </Alert>
      ) : null}
      {parties.map((party) => (
        <PersonDocuments
          key={party}
          view={view}
          party={party}
          name={names[party]}
          documents={shownDocuments(view, party, types) ?? []}
          showRole={parties.length > 1 || party === 'coborrower'}
        />
      ))}
    </Stack>
  );
}

/** A person's heading: their name, with their role when the page shows both people; the role without a name. */
function personHeading(party: DocumentParty, name: string | null | undefined, showRole: boolean): string {
  const role = party === 'borrower' ? 'Borrower' : 'Coborrower';
  return name ? (showRole ? `${name} (${role.toLowerCase()})` : name) : role;
}

/**
 * An application a credit decision closed (a decline, a withdrawal): nothing
 * more is asked of anyone, and the files uploaded stay listed to download.
 */
function ClosedUploads({ view, names, types }: { view: DocumentsView; names: PartyNames; types?: readonly string[] }) {
  const shown = view.uploads.filter((u) => !types || types.includes(u.type));
  const parties = (['borrower', 'coborrower'] as const).filter((p) => shown.some((u) => u.party === p));
  return (
    <Stack gap="xl">
      <Alert color="gray" variant="light" title="Your application is closed">
        {parties.length > 0
          ? 'No more documents are needed for it. The documents you uploaded are listed here.'
          : 'No more documents are needed for it.'}
      </Alert>
      {parties.map((party) => {
        const heading = personHeading(party, names[party], parties.length > 1 || party === 'coborrower');
        return <ClosedPersonUploads key={party} heading={heading} uploads={shown.filter((u) => u.party === party)} />;
      })}
    </Stack>
  );
}

function ClosedPersonUploads({ heading, uploads }: { heading: string; uploads: DocumentsView['uploads'] }) {
  const headingId = useId();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="h3" id={headingId}>
        {heading}
      </Title>
      <UploadedFiles uploads={uploads} readOnly closed label={heading} />
    </Stack>
  );
}

function PersonDocuments({
  view,
  party,
  name,
  documents,
  showRole,
}: {
  view: DocumentsView;
  party: DocumentParty;
  name: string | null | undefined;
  documents: RequiredDocument[];
  showRole: boolean;
}) {
  const headingId = useId();
  const heading = personHeading(party, name, showRole);
  const missing = documents.filter((d) => d.countsInTotal !== false).reduce((n, d) => n + d.missing, 0);
  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <div>
        <Title order={2} fz="h3" id={headingId}>
          {heading}
        </Title>
        <Text fz="sm">
          {documents.length === 0
            ? 'Nothing is needed from this person.'
            : missing > 0
              ? `${documentsCount(missing)} still missing`
              : 'Nothing missing'}
        </Text>
      </div>
      {documents.map((d) => (
        <RequiredDocumentCard
          key={d.condition?.id ?? d.type}
          document={d}
          party={party}
          readOnly={view.readOnly}
          uploads={view.uploads.filter((u) => u.party === party && answers(u, d))}
        />
      ))}
    </Stack>
  );
}
