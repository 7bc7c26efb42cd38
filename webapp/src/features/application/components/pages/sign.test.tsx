import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { currentUrl, ok, renderRoutes, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import type { DisclosuresView } from '../../api/get-disclosures';
import SignPage from './sign';

/** An application as the server gives it back after signing (every list present). */
const signedApplication = {
  user: { formerAddresses: [], employments: [], employmentGaps: [], incomeSources: [] },
  coborrower: null,
  uploads: [],
  property: {},
  mortgages: [],
  liabilities: [],
  propertyOwnerships: [],
  isInTrust: false,
};

const path = '/app/application/sign';
const next = '/app/application/income-verification';

const hash = (c: string) => c.repeat(64);

function doc(id: string, title: string, h: string, body = `# ${title}\n\n## Terms\n\n- **Credit limit:** $100,000\n- Draw period: 10 years\n\nA paragraph of ${title}.\n`) {
  return { id, title, version: '2026-11.1', body, hash: hash(h), signed: false };
}

function disclosures(over: Partial<DisclosuresView> = {}): DisclosuresView {
  return {
    documents: [
      doc('heca', 'Home Equity Credit Agreement', 'a'),
      doc('truth-in-lending', 'Truth in Lending disclosure for open-end credit', 'b'),
      doc('early-disclosure', 'Important terms of our home equity line of credit (early disclosure)', 'c'),
      doc('heloc-booklet', 'What you should know about home equity lines of credit', 'd'),
    ],
    consent: doc('esign-consent', 'Consent to electronic records and signatures', 'e', '# Consent to electronic records and signatures\n\n- **Paper copies:** ask us.\n'),
    people: [signer('borrower', 'Pat Q Prime')],
    signatures: [],
    signed: false,
    readOnly: false,
    ...over,
  };
}

function setup(answers: { disclosures: () => ReturnType<typeof ok>; sign?: (input: unknown) => ReturnType<typeof ok> }) {
  const signs: unknown[] = [];
  stubTRPC({
    'system.info': () => ok(sandboxSystemInfo),
    'funnel.pages': () =>
      ok({
        area: 'application',
        progress: null,
        pages: [],
        previous: { path: '/app/application/7', label: 'Declarations', area: 'application', step: 'application8', section: null, order: null },
        next: { path: next, label: 'Income verification', area: 'application', step: 'application6', section: null, order: null },
      }),
    'application.disclosures': answers.disclosures,
    'coborrower.status': () =>
      ok({
        hasCoborrower: true,
        name: 'Cora Prime',
        email: 'cora@example.com',
        invitedAt: '2026-11-22T15:00:00Z',
        done: { creditAuthorization: true, declarations: true, demographics: true, signed: false },
        waiting: true,
      }),
    'application.sign': (input) => {
      signs.push(input);
      return answers.sign ? answers.sign(input) : ok({ disclosures: disclosures({ signed: true }), application: { application: signedApplication, applicationStatus: 'application6', readOnly: false, hasCoborrower: false } });
    },
  });
  const rendered = renderRoutes(path, [
    { path, element: <SignPage /> },
    { path: next, element: <h1>Income verification</h1> },
  ]);
  return { ...rendered, signs, user: userEvent.setup() };
}

async function readEverything(user: ReturnType<typeof userEvent.setup>) {
  for (const box of screen.getAllByRole('checkbox', { name: /^I have read “/ })) await user.click(box);
  await user.click(screen.getByRole('checkbox', { name: /I agree to receive these documents electronically/ }));
}

/** Reads everything, signs as name, and waits for the next page. */
async function signAs(user: ReturnType<typeof userEvent.setup>, name: string) {
  await readEverything(user);
  await user.click(screen.getByRole('textbox', { name: 'Type your full name to sign' }));
  await user.paste(name);
  await user.click(screen.getByRole('button', { name: 'Sign and continue' }));
  await screen.findByRole('heading', { name: 'Income verification' });
}

type Signer = DisclosuresView['people'][number];

/** A person who signs: not signed, nothing earlier, unless given. */
function signer(party: Signer['party'], name: string, over: Partial<Signer> = {}): Signer {
  return { party, name, signedAt: null, signedEarlierAt: null, changed: [], ...over };
}

describe('disclosures and signing', () => {
  it('shows each document in full in a focusable region named by it, with its headings and a checkbox', async () => {
    const { user } = setup({ disclosures: () => ok(disclosures()) });
    const region = await screen.findByRole('region', { name: 'Home Equity Credit Agreement, full text' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(within(region).getByRole('heading', { name: 'Terms' })).toBeInTheDocument();
    expect(within(region).getByText('Credit limit:').tagName).toBe('STRONG');
    expect(screen.getByRole('heading', { level: 2, name: 'Home Equity Credit Agreement' })).toBeInTheDocument();
    for (const title of ['Truth in Lending disclosure for open-end credit', 'What you should know about home equity lines of credit', 'Consent to electronic records and signatures']) {
      expect(screen.getByRole('region', { name: `${title}, full text` })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('checkbox', { name: /^I have read “/ })).toHaveLength(4);
    await user.tab();
    expect(screen.getByRole('region', { name: 'Home Equity Credit Agreement, full text' })).toHaveFocus();
  });

  it('asks for every confirmation and the name beside each field before sending anything', async () => {
    const { user, signs } = setup({ disclosures: () => ok(disclosures()) });
    await user.click(await screen.findByRole('button', { name: 'Sign and continue' }));
    expect(await screen.findAllByText('Confirm you have read this document.')).toHaveLength(4);
    expect(screen.getByText(/Agree to sign electronically to go on/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Type your full name to sign' })).toHaveAccessibleDescription(expect.stringContaining('Type your full name to sign.'));
    expect(screen.getByRole('checkbox', { name: 'I have read “Home Equity Credit Agreement”' })).toHaveFocus();
    expect(signs).toHaveLength(0);
  });

  it('signs with the hash of every text read, the consent and the typed name, then goes to the next page', async () => {
    const { user, signs, router } = setup({ disclosures: () => ok(disclosures()) });
    await screen.findByRole('region', { name: 'Home Equity Credit Agreement, full text' });
    await readEverything(user);
    const name = screen.getByRole('textbox', { name: 'Type your full name to sign' });
    expect(name).toHaveAccessibleDescription(expect.stringContaining('Pat Q Prime'));
    await user.click(name);
    await user.paste('Pat Q Prime');
    await user.click(screen.getByRole('button', { name: 'Sign and continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(next));
    expect(signs).toEqual([
      {
        consent: true,
        documents: [
          { id: 'heca', hash: hash('a') },
          { id: 'truth-in-lending', hash: hash('b') },
          { id: 'early-disclosure', hash: hash('c') },
          { id: 'heloc-booklet', hash: hash('d') },
        ],
        signatures: [{ party: 'borrower', name: 'Pat Q Prime' }],
      },
    ]);
  });

  it('takes only the borrower’s own signature on a loan with a coborrower, who signs in their own sign-in', async () => {
    const view = disclosures({ people: [signer('borrower', 'Pat Prime'), signer('coborrower', 'Cora Prime')] });
    const { user, signs } = setup({ disclosures: () => ok(view) });
    await screen.findByRole('region', { name: 'Home Equity Credit Agreement, full text' });
    expect(await screen.findByRole('heading', { name: 'Waiting for Cora Prime' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Coborrower: type your full name to sign' })).not.toBeInTheDocument();
    await signAs(user, 'Pat Prime');
    expect(signs).toHaveLength(1);
    expect((signs[0] as { signatures: unknown[] }).signatures).toEqual([{ party: 'borrower', name: 'Pat Prime' }]);
  });

  it('loads the documents again when a text changed since it was read, and asks to read them again', async () => {
    let version = 0;
    const { user } = setup({
      disclosures: () => ok(version === 0 ? disclosures() : disclosures({ documents: [doc('heca', 'Home Equity Credit Agreement', 'f')] })),
      sign: () => {
        version = 1;
        return trpcError('BAD_REQUEST', 400, 'The disclosures changed; read them again', [{ path: 'documents', message: 'The disclosures changed; read them again' }]);
      },
    });
    await screen.findByRole('region', { name: 'Truth in Lending disclosure for open-end credit, full text' });
    await readEverything(user);
    await user.click(screen.getByRole('textbox', { name: 'Type your full name to sign' }));
    await user.paste('Pat Q Prime');
    await user.click(screen.getByRole('button', { name: 'Sign and continue' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Truth in Lending disclosure for open-end credit, full text' })).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toHaveTextContent(/The disclosures changed since you opened this page/);
    expect(screen.getByRole('checkbox', { name: 'I have read “Home Equity Credit Agreement”' })).not.toBeChecked();
  });

  it('asks someone who signed before the documents changed to sign again, saying when they signed and what changed', async () => {
    const view = disclosures({
      people: [
        signer('borrower', 'Pat Prime', {
          signedEarlierAt: '2026-11-22T15:00:00Z',
          changed: ['Home Equity Credit Agreement', 'Truth in Lending disclosure for open-end credit'],
        }),
        signer('coborrower', 'Cora Prime', { signedAt: '2026-11-23T15:00:00Z' }),
      ],
    });
    const { user, signs } = setup({ disclosures: () => ok(view) });
    const notice = await screen.findByText(/You signed on November 22, 2026/);
    expect(notice).toHaveTextContent(
      'Since then Home Equity Credit Agreement and Truth in Lending disclosure for open-end credit changed',
    );
    expect(screen.getByText('Your documents changed after you signed them')).toBeInTheDocument();
    // The form, to sign the current texts.
    await signAs(user, 'Pat Prime');
    expect(signs).toHaveLength(1);
  });

  it('says of a person who signed before the documents changed that they sign again in their own sign-in', async () => {
    const signedAt = '2026-11-23T15:00:00Z';
    const view = disclosures({
      people: [
        signer('borrower', 'Pat Prime', { signedAt }),
        signer('coborrower', 'Cora Prime', { signedEarlierAt: '2026-11-22T15:00:00Z', changed: ['Home Equity Credit Agreement'] }),
      ],
    });
    setup({ disclosures: () => ok(view) });
    expect(
      await screen.findByText(/^Cora Prime signed on November 22, 2026.*, before the documents changed: they sign the current ones in their own sign-in\.$/),
    ).toBeInTheDocument();
  });

  it('once signed, shows what was signed, by whom and when, without a form', async () => {
    const signedAt = '2026-11-22T15:00:00Z';
    const view = disclosures({ signed: true, people: [signer('borrower', 'Pat Q Prime', { signedAt })] });
    view.documents = view.documents.map((d) => ({ ...d, signed: true }));
    view.signatures = [...view.documents, view.consent].map((d) => ({
      documentId: d.id,
      version: d.version,
      hash: d.hash,
      party: 'borrower' as const,
      name: 'Pat Q Prime',
      signedAt,
      ip: '203.0.113.9',
      userAgent: 'Test',
    }));
    setup({ disclosures: () => ok(view) });
    expect(await screen.findByRole('heading', { name: 'Your disclosures are signed' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'Documents signed' });
    const item = within(list).getAllByRole('listitem')[0]!;
    expect(item).toHaveTextContent('Home Equity Credit Agreement');
    expect(item).toHaveTextContent(/Signed as “Pat Q Prime” on November 22, 2026/);
    expect(item).toHaveTextContent(hash('a'));
    expect(within(list).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByRole('button', { name: 'Sign and continue' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Continue' })).toHaveAttribute('href', next);
  });
});
