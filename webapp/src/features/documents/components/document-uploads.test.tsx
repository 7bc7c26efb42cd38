import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import type { DocumentsView, RequiredDocument, UploadedDocument } from '@/api/documents/types';
import { ok, renderAt, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import { DocumentRequestPage } from './document-request-page';

function doc(over: Partial<RequiredDocument> & Pick<RequiredDocument, 'type' | 'label'>): RequiredDocument {
  return { category: 'INC', required: 1, uploaded: 0, missing: 1, countsInTotal: true, reasons: [], ...over };
}

const paystubs = (uploaded = 0) =>
  doc({
    type: 'paystubs',
    label: 'Your 4 most recent paystubs, showing year-to-date earnings',
    required: 4,
    uploaded,
    missing: 4 - uploaded,
    reasons: [{ code: 'employmentNotVerified', message: 'We could not verify a job of yours electronically, so we need your paystubs and W-2s.' }],
  });
const w2 = doc({ type: 'w2', label: 'W-2s for 2024 and 2025', required: 2, missing: 2, items: ['W-2 for 2024', 'W-2 for 2025'] });
const id = doc({
  type: 'idDocument',
  category: 'APP',
  label: 'Government-issued photo ID',
  subtypes: [
    { id: 'driver_license', label: 'Driver’s license', sides: 'both' },
    { id: 'passport', label: 'Passport', sides: 'front' },
  ],
});

function view(borrower: RequiredDocument[], coborrower: RequiredDocument[] | null, uploads: UploadedDocument[] = []): DocumentsView {
  const missing = [...borrower, ...(coborrower ?? [])].reduce((n, d) => n + d.missing, 0);
  return {
    requirements: {
      borrower: { required: {}, missing: {} },
      coborrower: coborrower && { required: {}, missing: {} },
      totalRequired: 0,
      totalMissing: missing,
      documents: { borrower, coborrower },
    },
    uploads,
    readOnly: false,
    closed: false,
  };
}

const upload = (over: Partial<UploadedDocument>): UploadedDocument => ({
  id: 'doc-1',
  type: 'paystubs',
  party: 'borrower',
  side: null,
  fileName: 'stub.png',
  contentType: 'image/png',
  size: 2048,
  uploadedAt: '2026-11-25T10:00:00Z',
  ...over,
});

type Posted = { headers: Headers; fields: Record<string, string>; file: File | null };

/** The tRPC stub, and POST /api/documents answered by `onUpload` with the multipart form it was sent. */
function setup(initial: DocumentsView, onUpload: (p: Posted) => { status?: number; body: unknown } = () => ok(initial)) {
  let current = initial;
  const removes: unknown[] = [];
  const stub = stubTRPC({
    'system.info': () => ok(sandboxSystemInfo),
    'documents.list': () => ok(current),
    'documents.remove': (input) => {
      removes.push(input);
      const { id: gone } = input as { id: string };
      const removed = current.uploads.find((u) => u.id === gone);
      const less = (d: RequiredDocument) => (d.type === removed?.type ? { ...d, uploaded: d.uploaded - 1, missing: d.missing + 1 } : d);
      const { documents } = current.requirements;
      current = {
        ...current,
        requirements: { ...current.requirements, documents: { borrower: documents.borrower.map(less), coborrower: documents.coborrower } },
        uploads: current.uploads.filter((u) => u.id !== gone),
      };
      return ok(current);
    },
  });
  const posted: Posted[] = [];
  const trpcFetch = stub.fetch;
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: RequestInfo | URL, init: RequestInit = {}) => {
      if (String(url) === '/api/documents' && init.method === 'POST') {
        const form = init.body as FormData;
        const fields: Record<string, string> = {};
        form.forEach((v, k) => {
          if (typeof v === 'string') fields[k] = v;
        });
        const p = { headers: new Headers(init.headers), fields, file: form.get('file') as File | null };
        posted.push(p);
        const answer = onUpload(p);
        if (!answer.status || answer.status === 200) current = (answer.body as { result: { data: DocumentsView } }).result.data;
        return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
      }
      return trpcFetch(url, init);
    }),
  );
  return { posted, removes, user: userEvent.setup({ applyAccept: false }) };
}

const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])], 'stub.png', { type: 'image/png' });

describe('documents', () => {
  it('lists what the policy asks of each person, in its order, with counts, reasons, items and the ID’s kinds', async () => {
    setup(view([id, paystubs(1), w2], [paystubs()], [upload({})]));
    renderAt('/app/upload', <DocumentRequestPage kind="upload" names={{ borrower: 'Ana Rivera', coborrower: 'Sam Rivera' }} />);

    const borrower = await screen.findByRole('region', { name: 'Ana Rivera (borrower)' });
    const coborrower = screen.getByRole('region', { name: 'Sam Rivera (coborrower)' });
    expect(within(borrower).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Government-issued photo ID',
      'Your 4 most recent paystubs, showing year-to-date earnings',
      'W-2s for 2024 and 2025',
    ]);
    expect(within(borrower).getByText('6 documents still missing')).toBeVisible();
    expect(within(coborrower).getByText('4 documents still missing')).toBeVisible();

    const stubs = within(borrower).getByRole('group', { name: /paystubs/ });
    expect(within(stubs).getByText('Income')).toBeVisible();
    expect(within(stubs).getByText('Required').nextSibling).toHaveTextContent('4');
    expect(within(stubs).getByText('Uploaded').nextSibling).toHaveTextContent('1');
    expect(within(stubs).getByText('Missing').nextSibling).toHaveTextContent('3');
    expect(within(stubs).getByText(/could not verify a job of yours/)).toBeVisible();
    expect(within(stubs).getByRole('link', { name: 'stub.png' })).toHaveAttribute('href', '/api/documents/doc-1');
    expect(within(stubs).getByRole('button', { name: 'Upload a file' })).toBeVisible();
    expect(within(stubs).getByRole('button', { name: 'Take a photo' })).toBeVisible();

    const ids = within(borrower).getByRole('group', { name: 'Government-issued photo ID' });
    expect(within(ids).getByText(/Driver’s license \(front and back\); Passport \(front only\)/)).toBeVisible();
    expect(within(ids).getByRole('button', { name: 'Upload the front' })).toBeVisible();
    expect(within(ids).getByRole('button', { name: 'Upload the back' })).toBeVisible();
    // The camera input asks for the back camera, images only.
    const camera = within(ids).getByLabelText('Take a photo of the front: Government-issued photo ID');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('accept', 'image/*');

    expect(within(borrower).getByText('W-2 for 2024, W-2 for 2025')).toBeVisible();
    // Only the coborrower's own list is theirs.
    expect(within(coborrower).getAllByRole('heading', { level: 3 })).toHaveLength(1);
  });

  it('says so when nothing is required', async () => {
    setup(view([], null));
    renderAt('/app/upload', <DocumentRequestPage kind="upload" />);
    expect(await screen.findByText('No documents needed')).toBeVisible();
    expect(screen.queryByRole('button', { name: /Upload/ })).not.toBeInTheDocument();
  });

  it('uploads a file with the human check, and the missing count follows the answer and is announced', async () => {
    const after = view([paystubs(1)], null, [upload({})]);
    const { posted, user } = setup(view([paystubs()], null), () => ok(after));
    renderAt('/app/upload', <DocumentRequestPage kind="upload" />);
    const stubs = await screen.findByRole('group', { name: /paystubs/ });
    expect(within(stubs).getByText('Missing').nextSibling).toHaveTextContent('4');

    await user.upload(within(stubs).getByLabelText(/^Upload a file:/), png());

    await waitFor(() => expect(within(stubs).getByText('Missing').nextSibling).toHaveTextContent('3'));
    expect(posted).toHaveLength(1);
    expect(posted[0]!.fields).toEqual({ type: 'paystubs', party: 'borrower' });
    expect(posted[0]!.file?.name).toBe('stub.png');
    expect(posted[0]!.headers.get('X-Same-Origin')).toBe('1');
    expect(posted[0]!.headers.get('X-Recaptcha-Token')).toBe('sandbox.api_update');
    const announced = within(stubs).getByText('stub.png uploaded. 3 documents still missing here.');
    expect(announced).toHaveAttribute('role', 'status');
    expect(announced).toHaveAttribute('aria-live', 'polite');
    expect(within(stubs).getByRole('link', { name: 'stub.png' })).toBeVisible();
    expect(screen.getByText('3 documents still missing')).toBeVisible();

    // Removed again: the count goes back, and what the upload said is no longer said.
    await user.click(within(stubs).getByRole('button', { name: 'Remove stub.png' }));
    await waitFor(() => expect(within(stubs).getByText('Missing').nextSibling).toHaveTextContent('4'));
    expect(within(stubs).queryByText(/stub\.png uploaded/)).not.toBeInTheDocument();
    expect(within(stubs).getByText('stub.png removed.')).toBeVisible();
  });

  it('states the largest file the server takes and refuses a larger one before sending it', async () => {
    const { posted, user } = setup({ ...view([paystubs()], null), maxFileBytes: 10 * 1024 * 1024 });
    renderAt('/app/upload', <DocumentRequestPage kind="upload" />);
    const stubs = await screen.findByRole('group', { name: /paystubs/ });
    expect(within(stubs).getByText('PDF, JPEG, PNG or HEIC, up to 10 MB')).toBeVisible();

    const big = new File([new Uint8Array(12 * 1024 * 1024)], 'scan.png', { type: 'image/png' });
    await user.upload(within(stubs).getByLabelText(/^Upload a file:/), big);

    expect(await within(stubs).findByRole('alert')).toHaveTextContent('scan.png: The file is larger than 10 MB.');
    expect(posted).toHaveLength(0);
  });

  it('takes a file for what the loan team asks after submission, sent with its condition and listed under it only', async () => {
    const conditionId = 'c'.repeat(32);
    const requested = doc({
      type: 'paystubs',
      category: 'INC',
      label: 'Most recent paystub showing year-to-date overtime earnings',
      condition: { id: conditionId, code: '405' },
      reasons: [{ code: 'underwritingCondition', message: 'Your loan team asked for this to finish reviewing your application.' }],
    });
    const submitted = { ...view([paystubs(4), requested], null, [upload({})]), readOnly: true };
    const after = {
      ...view([paystubs(4), { ...requested, uploaded: 1, missing: 0 }], null, [upload({}), upload({ id: 'doc-2', fileName: 'overtime.png', conditionId })]),
      readOnly: true,
    };
    const { posted, user } = setup(submitted, () => ok(after));
    renderAt('/app/upload', <DocumentRequestPage kind="upload" />);
    const card = await screen.findByRole('group', { name: 'Most recent paystub showing year-to-date overtime earnings' });
    const stubs = screen.getByRole('group', { name: /4 most recent paystubs/ });
    expect(within(card).getByText('Requested by your loan team')).toBeVisible();
    expect(screen.getByText(/^Upload what your loan team asks for below\./)).toBeVisible();
    // Submitted: only the loan team's request takes a file.
    expect(within(stubs).queryByRole('button', { name: 'Upload a file' })).not.toBeInTheDocument();

    await user.upload(within(card).getByLabelText(/^Upload a file:/), png());
    await waitFor(() => expect(within(card).getByText('Missing').nextSibling).toHaveTextContent('0'));
    expect(posted[0]!.fields).toEqual({ type: 'paystubs', party: 'borrower', conditionId });
    expect(within(card).getByRole('link', { name: 'overtime.png' })).toBeVisible();
    expect(within(stubs).queryByRole('link', { name: 'overtime.png' })).not.toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /^Remove/ })).not.toBeInTheDocument();
  });

  it('asks again for a file the loan team rejected, with their note, after submission too', async () => {
    const rejected = upload({
      id: 'doc-7',
      fileName: 'paystub.pdf',
      contentType: 'application/pdf',
      review: { status: 'rejected', note: 'The pay date is cut off', reviewedAt: '2026-11-26T10:00:00Z', reviewedBy: null },
    });
    const submitted = { ...view([paystubs(3), w2], null, [upload({}), upload({ id: 'doc-8' }), upload({ id: 'doc-9' }), rejected]), readOnly: true };
    const { posted, user } = setup(submitted);
    renderAt('/app/upload', <DocumentRequestPage kind="upload" />);
    const stubs = await screen.findByRole('group', { name: /4 most recent paystubs/ });
    expect(within(stubs).getByText('Your loan team could not accept this file: The pay date is cut off. Please upload a replacement.')).toBeVisible();
    expect(within(stubs).queryByText('Replaced')).not.toBeInTheDocument();
    expect(screen.getByText(/^Upload what your loan team asks for below\./)).toBeVisible();
    // Only the type with a rejected file takes another.
    const w2s = screen.getByRole('group', { name: 'W-2s for 2024 and 2025' });
    expect(within(w2s).queryByLabelText(/^Upload a file:/)).not.toBeInTheDocument();
    await user.upload(within(stubs).getByLabelText(/^Upload a file:/), png());
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.fields).toEqual({ type: 'paystubs', party: 'borrower' });
  });

  it('says a declined application is closed: its files listed, nothing asked, nothing to upload', async () => {
    const rejected = upload({
      id: 'doc-7',
      fileName: 'paystub.pdf',
      contentType: 'application/pdf',
      review: { status: 'rejected', note: 'The pay date is cut off', reviewedAt: '2026-11-26T10:00:00Z', reviewedBy: null },
    });
    const requested = doc({ type: 'mortgageStatement', category: 'PROP', label: 'Most recent mortgage statement', condition: { id: 'c'.repeat(32), code: '303' } });
    setup({ ...view([paystubs(3), requested], null, [upload({}), rejected]), readOnly: true, closed: true });
    renderAt('/app/upload', <DocumentRequestPage kind="upload" />);
    expect(await screen.findByText('Your application is closed')).toBeVisible();
    expect(screen.getByRole('heading', { level: 1, name: 'Your documents' })).toBeVisible();
    expect(screen.getByText('No more documents are needed for it. The documents you uploaded are listed here.')).toBeVisible();
    const files = screen.getByRole('list', { name: 'Uploaded files: Borrower' });
    expect(within(files).getByRole('link', { name: 'stub.png' })).toBeVisible();
    expect(within(files).getByRole('link', { name: 'paystub.pdf' })).toBeVisible();
    expect(screen.queryByText(/Please upload a replacement/)).not.toBeInTheDocument();
    expect(screen.queryByText(/missing/i)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^Upload a file:/)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });

  it('marks a rejected file Replaced, without the note or a request, once its replacement came', async () => {
    const rejected = upload({
      id: 'doc-7',
      fileName: 'paystub.pdf',
      contentType: 'application/pdf',
      review: { status: 'rejected', note: 'The pay date is cut off', reviewedAt: '2026-11-26T10:00:00Z', reviewedBy: null, replaced: true },
    });
    const stubs4 = [upload({}), upload({ id: 'doc-8' }), upload({ id: 'doc-9' }), rejected, upload({ id: 'doc-10', fileName: 'paystub again.pdf' })];
    setup({ ...view([paystubs(4), { ...w2, uploaded: 2, missing: 0 }], null, stubs4), readOnly: true });
    renderAt('/app/upload', <DocumentRequestPage kind="upload" />);
    const stubs = await screen.findByRole('group', { name: /4 most recent paystubs/ });
    const files = within(stubs).getByRole('list', { name: /^Uploaded files:/ });
    const item = within(files).getByRole('link', { name: 'paystub.pdf' }).closest('li')!;
    expect(within(item).getByText('Replaced')).toBeVisible();
    expect(screen.queryByText(/could not accept this file/)).not.toBeInTheDocument();
    expect(screen.queryByText(/upload a replacement/i)).not.toBeInTheDocument();
    // Nothing is asked any more: no upload control, and the submitted page says so.
    expect(within(stubs).queryByLabelText(/^Upload a file:/)).not.toBeInTheDocument();
    expect(screen.getByText('The documents you uploaded are listed here. They can no longer be changed.')).toBeVisible();
  });

  it('shows a refused file’s reason beside its own control, and sends an ID photo with its side', async () => {
    const refused = trpcError('BAD_REQUEST', 400, 'The upload was refused.', [
      { path: 'file', message: 'Upload a PDF, JPEG, PNG or HEIC file.' },
    ]);
    const { posted, user } = setup(view([id, paystubs()], null), (p) => (p.fields.side === 'back' ? refused : ok(view([{ ...id, uploaded: 1, missing: 0 }, paystubs()], null))));
    renderAt('/app/upload', <DocumentRequestPage kind="upload" />);
    const ids = await screen.findByRole('group', { name: 'Government-issued photo ID' });

    const fake = new File(['just some text'], 'back.pdf', { type: 'application/pdf' });
    await user.upload(within(ids).getByLabelText('Upload the back: Government-issued photo ID'), fake);
    const alert = await within(ids).findByRole('alert');
    expect(alert).toHaveTextContent('back.pdf: Upload a PDF, JPEG, PNG or HEIC file.');
    expect(within(ids).getByRole('button', { name: 'Upload the back' })).toHaveAccessibleDescription(/back\.pdf: Upload a PDF/);
    expect(within(ids).getByRole('button', { name: 'Upload the front' })).not.toHaveAccessibleDescription();
    expect(within(screen.getByRole('group', { name: /paystubs/ })).queryByRole('alert')).not.toBeInTheDocument();
    expect(posted[0]!.fields).toEqual({ type: 'idDocument', party: 'borrower', side: 'back' });

    // A file of a kind the page does not take is refused before it is sent.
    await user.upload(within(ids).getByLabelText('Upload the front: Government-issued photo ID'), new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(await within(ids).findByText(/notes\.txt: this kind of file can’t be uploaded/)).toBeVisible();
    expect(posted).toHaveLength(1);
  });

  it('removes an uploaded file before submission', async () => {
    const { removes, user } = setup(view([paystubs(1)], null, [upload({ id: 'doc-9', fileName: 'march.pdf' })]));
    renderAt('/app/upload', <DocumentRequestPage kind="upload" />);
    await user.click(await screen.findByRole('button', { name: 'Remove march.pdf' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'march.pdf' })).not.toBeInTheDocument());
    expect(removes).toEqual([{ id: 'doc-9' }]);
    expect(screen.getByText('march.pdf removed.')).toBeVisible();
  });

  it('the bank-statement page shows the bank statements alone', async () => {
    const statements = doc({ type: 'bankStatements', category: 'ASSET', label: 'Bank statements covering the last 12 months', required: 3, missing: 0, countsInTotal: true });
    setup(view([paystubs(), statements], null));
    renderAt('/app/bank-statement', <DocumentRequestPage kind="bankStatement" />);
    expect(await screen.findByRole('heading', { level: 3, name: 'Bank statements covering the last 12 months' })).toBeVisible();
    expect(screen.queryByRole('heading', { name: /paystubs/ })).not.toBeInTheDocument();
  });

  it('offers the way to sign in when the session has ended', async () => {
    stubTRPC({ 'system.info': () => ok(sandboxSystemInfo), 'documents.list': () => trpcError('UNAUTHORIZED', 401, 'Sign in.') });
    renderAt('/app/upload', <DocumentRequestPage kind="upload" />);
    expect(await screen.findByRole('link', { name: 'Sign in' })).toHaveAttribute(
      'href',
      '/app/login?error=SessionRequired&callbackUrl=%2Fapp%2Fupload',
    );
  });
});
