import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import IdentityVerificationPage from './identity-verification';

const upload = vi.hoisted(() => vi.fn());
vi.mock('@/api/documents/upload-document', () => ({ uploadDocument: upload }));

type Person = {
  party: 'borrower' | 'coborrower';
  name: string;
  status: 'passed' | 'failed' | 'review' | 'documentUpload' | null;
  idType: string | null;
  checkedAt: string | null;
  reason: string | null;
  sides: { front: number; back: number };
};

const idTypes = [
  { id: 'driver_license', label: "Driver's license", sides: ['front', 'back'] },
  { id: 'passport', label: 'Passport', sides: ['front'] },
];

const person = (party: Person['party'], name: string): Person => ({
  party,
  name,
  status: null,
  idType: null,
  checkedAt: null,
  reason: null,
  sides: { front: 0, back: 0 },
});

const application = {
  application: { user: { formerAddresses: [], employments: [], employmentGaps: [], incomeSources: [] }, coborrower: null, uploads: [], property: {}, mortgages: [], liabilities: [], propertyOwnerships: [], isInTrust: false },
  applicationStatus: 'identityVerification',
  readOnly: false,
  hasCoborrower: false,
};

const pages = {
  area: 'application',
  progress: null,
  pages: [],
  previous: { path: '/app/application/income-verification', label: 'Income verification', section: 'Income verification', area: 'application', step: 'application6', order: null },
  next: { path: '/app/application/upload', label: 'Income documents', section: 'Income docs', area: 'application', step: 'incomeDocs', order: null },
};

/** A server holding the people's checks: uploads count their sides, a check answers what `results` says. */
function server(people: Person[], results: Record<string, Pick<Person, 'status' | 'reason'>>) {
  const view = () => ({ idTypes, people, complete: people.every((p) => p.status !== null && p.status !== 'failed'), sandbox: true, readOnly: false });
  const verified: unknown[] = [];
  upload.mockImplementation(async ({ party, side }: { party: string; side: 'front' | 'back' }) => {
    const p = people.find((x) => x.party === party)!;
    p.sides = { ...p.sides, [side]: p.sides[side] + 1 };
    return { requirements: {}, uploads: [], readOnly: false };
  });
  stubTRPC({
    'system.info': () => ok(sandboxSystemInfo),
    'funnel.pages': () => ok(pages),
    'verification.identityStatus': () => ok(view()),
    'verification.identity': (input) => {
      verified.push(input);
      const { party, idType } = input as { party: string; idType: string };
      const p = people.find((x) => x.party === party)!;
      const needed = idTypes.find((t) => t.id === idType)!.sides as ('front' | 'back')[];
      if (needed.some((s) => p.sides[s] === 0)) {
        return trpcError('BAD_REQUEST', 400, 'Upload a photo of the back first.', [{ path: 'sides', message: 'Upload a photo of the back of the driver’s license first.' }]);
      }
      Object.assign(p, results[idType], { idType, checkedAt: '2026-11-22T15:00:00Z' });
      // After a failed check only photos uploaded since count, for another ID.
      if (p.status === 'failed') p.sides = { front: 0, back: 0 };
      return ok({ person: p, identity: view(), application });
    },
  });
  return { verified };
}

function renderPage() {
  return renderRoutes('/app/application/identity-verification', [
    { path: '/app/application/identity-verification', element: <IdentityVerificationPage /> },
    { path: '/app/application/upload', element: <p>Income documents page</p> },
  ]);
}

describe('identity verification page', () => {
  beforeEach(() => {
    upload.mockReset();
  });

  it('takes an ID’s sides, shows a failed check with what to do, and goes on once a retry passes', { timeout: 20_000 }, async () => {
    const { verified } = server([person('borrower', 'Olivia Bennett')], {
      passport: { status: 'failed', reason: 'The photo of your ID is too blurred to read.' },
      driver_license: { status: 'passed', reason: null },
    });
    const user = userEvent.setup();
    const { router } = renderPage();

    const you = await screen.findByRole('region', { name: 'Olivia Bennett' });
    expect(screen.getByText('Sandbox identity check')).toBeInTheDocument();
    const question = within(you).getByRole('radiogroup', { name: 'Which ID will you use?' });

    // Nothing chosen: said beside the question.
    await user.click(within(you).getByRole('button', { name: 'Verify my ID' }));
    expect(await within(you).findByText('Choose the ID to use.')).toBeInTheDocument();

    // A passport needs its front only.
    await user.click(within(question).getByRole('radio', { name: /Passport/ }));
    expect(within(you).getByRole('group', { name: 'Front of the passport' })).toBeInTheDocument();
    expect(within(you).queryByRole('group', { name: /^Back/ })).not.toBeInTheDocument();
    await user.click(within(you).getByRole('button', { name: 'Verify my ID' }));
    expect(await within(you).findByText('Upload a photo of the front of the passport first.')).toBeInTheDocument();
    expect(verified).toHaveLength(0);

    const photo = new File(['\x89PNG'], 'passport.png', { type: 'image/png' });
    await user.upload(within(you).getByLabelText('Upload a file: Front of the passport'), photo);
    expect(upload).toHaveBeenCalledWith({ type: 'idDocument', party: 'borrower', side: 'front', file: photo });
    expect(await within(you).findByText('passport.png uploaded as the front.')).toBeInTheDocument();

    await user.click(within(you).getByRole('button', { name: 'Verify my ID' }));
    expect(await within(you).findByText('We couldn’t verify this ID')).toBeInTheDocument();
    expect(within(you).getByText('The photo of your ID is too blurred to read.')).toBeInTheDocument();
    expect(verified).toEqual([{ party: 'borrower', idType: 'passport' }]);

    // Not yet: Continue says why and stays.
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Verify your ID before you go on. If a check failed, try another ID.')).toBeInTheDocument();
    expect(currentUrl(router)).toBe('/app/application/identity-verification');

    // Another ID: a license needs both sides, with photos of its own, one from the camera.
    await user.click(within(you).getByRole('radio', { name: /Driver's license/ }));
    expect(within(you).getByRole('group', { name: "Front of the driver's license" })).toHaveTextContent('Take a photo of the front or upload one');
    await user.upload(within(you).getByLabelText("Upload a file: Front of the driver's license"), new File(['\x89PNG'], 'front.png', { type: 'image/png' }));
    const camera = within(you).getByLabelText("Take a photo: Back of the driver's license");
    expect(camera).toHaveAttribute('accept', 'image/*');
    expect(camera).toHaveAttribute('capture', 'environment');
    await user.upload(camera, new File(['\x89PNG'], 'back.png', { type: 'image/png' }));
    await waitFor(() => expect(upload).toHaveBeenCalledTimes(3));
    await within(you).findByText('back.png uploaded as the back.');
    await user.click(within(you).getByRole('button', { name: 'Verify my ID' }));
    expect(await within(you).findByText('ID verified')).toBeInTheDocument();
    expect(within(you).queryByRole('button', { name: 'Verify my ID' })).not.toBeInTheDocument();
    expect(screen.queryByText('Verify your ID before you go on. If a check failed, try another ID.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/app/application/upload'));
  });

  it('asks each person by name, shows the server’s refusal beside the photos, and lets a review go on', { timeout: 20_000 }, async () => {
    const borrower = { ...person('borrower', 'James Okafor'), status: 'passed' as const, idType: 'passport', checkedAt: '2026-11-22T15:00:00Z', sides: { front: 1, back: 0 } };
    const coborrower = { ...person('coborrower', 'Amara Okafor'), sides: { front: 1, back: 0 } };
    server([borrower, coborrower], { driver_license: { status: 'review', reason: 'Your ID needs a closer look by our team.' } });
    const user = userEvent.setup();
    const { router } = renderPage();

    const you = await screen.findByRole('region', { name: 'James Okafor' });
    expect(within(you).getByText('ID verified')).toBeInTheDocument();
    expect(within(you).getByText('Passport checked on November 22, 2026. (Sandbox result.)')).toBeInTheDocument();
    expect(within(you).queryByRole('radiogroup')).not.toBeInTheDocument();

    const them = screen.getByRole('region', { name: 'Amara Okafor' });
    await user.click(within(them).getByRole('radiogroup', { name: 'Which ID will Amara Okafor use?' }).querySelector('input[value="driver_license"]')!);
    // The page counts the back as missing; the server would say the same.
    await user.click(within(them).getByRole('button', { name: 'Verify Amara Okafor’s ID' }));
    expect(await within(them).findByText("Upload a photo of the back of the driver's license first.")).toBeInTheDocument();

    await user.upload(within(them).getByLabelText('Upload a file: Back of the driver\'s license'), new File(['%PDF-1.7'], 'back.pdf', { type: 'application/pdf' }));
    expect(upload).toHaveBeenLastCalledWith(expect.objectContaining({ party: 'coborrower', side: 'back' }));
    await within(them).findByText('back.pdf uploaded as the back.');
    await user.click(within(them).getByRole('button', { name: 'Verify Amara Okafor’s ID' }));
    expect(await within(them).findByText('Your ID is in review')).toBeInTheDocument();
    expect(within(them).getByText('Your ID needs a closer look by our team.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe('/app/application/upload'));
  });

  it('shows an upload the server refused beside its side', { timeout: 20_000 }, async () => {
    server([person('borrower', 'Olivia Bennett')], {});
    const { TRPCClientError } = await import('@/api/trpc-client');
    upload.mockRejectedValueOnce(
      new TRPCClientError('Refused.', { code: 'BAD_REQUEST', httpStatus: 400, path: 'documents.upload', fields: [{ path: 'file', message: 'Upload a PDF, JPEG, PNG or HEIC file.' }] }),
    );
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    const you = await screen.findByRole('region', { name: 'Olivia Bennett' });
    await user.click(within(you).getByRole('radio', { name: /Passport/ }));
    await user.upload(within(you).getByLabelText('Upload a file: Front of the passport'), new File(['hello'], 'notes.txt', { type: 'text/plain' }));
    const side = within(you).getByRole('group', { name: 'Front of the passport' });
    expect(await within(side).findByRole('alert')).toHaveTextContent('notes.txt: Upload a PDF, JPEG, PNG or HEIC file.');
  });
});
