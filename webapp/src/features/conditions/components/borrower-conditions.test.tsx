import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ok, renderAt, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import type { BorrowerCondition, BorrowerConditionsView } from '../api/get-conditions';
import { BorrowerConditions } from './borrower-conditions';

const base = { documentType: null, documentCount: 0, party: 'borrower', note: '', addedAt: '2026-11-25T10:00:00Z', answer: null, answeredAt: null, uploads: 0 } as const;

const question: BorrowerCondition = {
  ...base,
  id: 'a'.repeat(32),
  code: '104',
  kind: 'text',
  label: 'Letter of explanation for the name variations shown on the credit report',
  status: 'open',
};
const statement: BorrowerCondition = {
  ...base,
  id: 'b'.repeat(32),
  code: '303',
  kind: 'document',
  label: 'Most recent mortgage statement',
  documentType: 'mortgageStatement',
  documentCount: 1,
  note: 'For the first lien.',
  status: 'open',
};
const cleared: BorrowerCondition = { ...base, id: 'c'.repeat(32), code: '108', kind: 'email', label: 'Confirm no new credit', status: 'cleared' };

const view = (conditions: BorrowerCondition[]): BorrowerConditionsView => ({ hasCoborrower: false, closed: false, conditions });

describe('borrower conditions', () => {
  it('lists what the loan team still asks, and sends an answer in words', async () => {
    const answers: unknown[] = [];
    let current = view([question, statement, cleared]);
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'conditions.list': () => ok(current),
      'conditions.answer': (input) => {
        answers.push(input);
        if (answers.length === 1) return trpcError('CONFLICT', 409, 'Your loan team has closed this request already.');
        current = view([{ ...question, status: 'answered', answer: { text: 'Both are me.' } }, statement, cleared]);
        return ok(current);
      },
    });
    const user = userEvent.setup();
    renderAt('/app/application/submitted', <BorrowerConditions />);

    const section = await screen.findByRole('region', { name: 'What your loan team needs from you' });
    expect(within(section).getByText('2 requests need your answer.', { exact: false })).toBeVisible();
    expect(within(section).queryByText('Confirm no new credit')).not.toBeInTheDocument();
    const doc = within(section).getByRole('article', { name: 'Most recent mortgage statement' });
    expect(within(doc).getByText('For the first lien.')).toBeVisible();
    expect(within(doc).getByRole('link', { name: 'Upload it on your document upload page' })).toHaveAttribute('href', '/app/upload');

    const card = within(section).getByRole('article', { name: question.label });
    await user.click(within(card).getByRole('button', { name: 'Send answer' }));
    expect(await within(card).findByText('Write your answer.', {}, { timeout: 5000 })).toBeVisible();
    expect(answers).toHaveLength(0);

    await user.type(within(card).getByRole('textbox', { name: 'Your answer' }), 'Both are me.');
    await user.click(within(card).getByRole('button', { name: 'Send answer' }));
    expect(await within(card).findByRole('alert')).toHaveTextContent('Your loan team has closed this request already.');

    await user.click(within(card).getByRole('button', { name: 'Send answer' }));
    await waitFor(() => expect(within(card).getByRole('status')).toHaveTextContent('Thank you: your answer was sent to your loan team.'));
    expect(answers[1]).toEqual({ conditionId: question.id, text: 'Both are me.' });
    expect(within(card).getByText('Sent: in review')).toBeVisible();
  });

  it('shows the server’s refusal of an address under the field it names, and keeps what was typed', async () => {
    const addresses: BorrowerCondition = { ...base, id: 'd'.repeat(32), code: '103', kind: 'address', label: 'Current residence address and prior addresses', status: 'open' };
    const sent: unknown[] = [];
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'conditions.list': () => ok(view([addresses])),
      'conditions.answer': (input) => {
        sent.push(input);
        return trpcError('BAD_REQUEST', 400, 'ZIP code 94110 is in California: enter CA, or check the ZIP code.', [
          { path: 'address.addresses.0.address.state', message: 'ZIP code 94110 is in California: enter CA, or check the ZIP code.' },
        ]);
      },
    });
    const user = userEvent.setup();
    renderAt('/app/application/submitted', <BorrowerConditions />);
    const card = await screen.findByRole('article', { name: addresses.label });
    await user.type(within(card).getByRole('textbox', { name: 'Address: street address' }), '1 Main Street');
    await user.type(within(card).getByRole('textbox', { name: 'Address: city' }), 'San Francisco');
    await user.type(within(card).getByRole('textbox', { name: 'Address: state' }), 'NY');
    await user.type(within(card).getByRole('textbox', { name: 'Address: ZIP code' }), '94110');
    await user.click(within(card).getByRole('button', { name: 'Send addresses' }));
    const state = within(card).getByRole('textbox', { name: 'Address: state' });
    await waitFor(() => expect(state).toHaveAccessibleDescription(/ZIP code 94110 is in California: enter CA/));
    expect(state).toHaveAttribute('aria-invalid', 'true');
    expect(state).toHaveValue('NY');
    expect(sent).toHaveLength(1);
  });

  it('shows nothing while nothing is asked', async () => {
    stubTRPC({ 'system.info': () => ok(sandboxSystemInfo), 'conditions.list': () => ok(view([cleared])) });
    const { container } = renderAt('/app/upload', <BorrowerConditions onUploadPage />);
    await waitFor(() => expect(container.querySelector('[aria-hidden="true"].mantine-Skeleton-root')).toBeNull());
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('asks nothing of a borrower whose application a decline closed, though a request was open', async () => {
    stubTRPC({ 'system.info': () => ok(sandboxSystemInfo), 'conditions.list': () => ok({ ...view([question, statement]), closed: true }) });
    const { container } = renderAt('/app/upload', <BorrowerConditions onUploadPage />);
    await waitFor(() => expect(container.querySelector('[aria-hidden="true"].mantine-Skeleton-root')).toBeNull());
    expect(screen.queryByRole('region', { name: 'What your loan team needs from you' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send answer' })).not.toBeInTheDocument();
  });
});
