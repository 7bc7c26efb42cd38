import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ok, renderAt, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import { LoanNotes } from './loan-notes';

const loanId = 'a'.repeat(32);
const author = { id: 'b'.repeat(32), firstName: 'Pat', lastName: 'Processor', email: 'pat@example.com', role: 'processor' };
const note = (id: string, body: string) => ({ id: id.repeat(32), loanId, author, body, createdAt: '2026-11-27T15:04:00Z' });

describe('LoanNotes', () => {
  it('lists the notes, shows the server’s field error beside the field, then adds a note', async () => {
    const notes = [note('c', 'Called the borrower')];
    let tries = 0;
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'portal.notes': () => ok({ notes: [...notes] }),
      'portal.addNote': (input) => {
        tries++;
        const { body } = input as { body: string };
        if (tries === 1) return trpcError('BAD_REQUEST', 400, 'Some fields need attention.', [{ path: 'body', message: 'Keep a note to at most 4000 characters.' }]);
        const added = note('d', body);
        notes.unshift(added);
        return ok(added);
      },
    });
    const user = userEvent.setup();
    renderAt('/portal/loan', <LoanNotes loanId={loanId} canAdd />);

    expect(await screen.findByText('Called the borrower')).toBeInTheDocument();
    expect(screen.getByText('Pat Processor')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /^Add a note/ }), 'Appraisal ordered');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Keep a note to at most 4000 characters.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect(await screen.findByText('Appraisal ordered')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /^Add a note/ })).toHaveValue('');
    const items = screen.getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Appraisal ordered');
    expect(tries).toBe(2);
  });

  it('says when there are no notes, and offers no form without loans.update', async () => {
    stubTRPC({ 'system.info': () => ok(sandboxSystemInfo), 'portal.notes': () => ok({ notes: [] }) });
    renderAt('/portal/loan', <LoanNotes loanId={loanId} canAdd={false} />);
    expect(await screen.findByText('No notes on this loan yet.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: /^Add a note/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add note' })).not.toBeInTheDocument();
  });

  it('says when the notes cannot be loaded', async () => {
    stubTRPC({ 'system.info': () => ok(sandboxSystemInfo), 'portal.notes': () => trpcError('INTERNAL_SERVER_ERROR', 500, 'Internal error.') });
    renderAt('/portal/loan', <LoanNotes loanId={loanId} canAdd />);
    expect(await screen.findByText('We couldn’t load the notes')).toBeInTheDocument();
  });
});
