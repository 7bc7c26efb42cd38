import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { usePrequalStore } from '@/features/prequal/stores/prequal-store';
import { loadValidators } from '@/lib/schema-resolver';
import { ok, renderAt, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import JoinWaitlistRoute from './join-waitlist';

const newYork = { zip: '10001', state: 'NY', stateName: 'New York', licensed: false, opensOn: '2027-03-01' };

function stub(joins: unknown[], join = (input: unknown) => (joins.push(input), ok({ state: 'NY', stateName: 'New York', opensOn: '2027-03-01' }))) {
  return stubTRPC({
    'system.info': () => ok(sandboxSystemInfo),
    'licensing.lookup': (input) => {
      expect(input).toEqual({ zip: '10001' });
      return ok(newYork);
    },
    'prequal.joinWaitlist': join,
  });
}

describe('/join-waitlist', () => {
  // The schema's validators load once, before the first form checks its fields.
  beforeAll(() => loadValidators(), 30_000);

  beforeEach(() => usePrequalStore.getState().reset());

  it('names the state and its opening date, checks the form as the server does, and confirms', async () => {
    const joins: unknown[] = [];
    stub(joins);
    renderAt('/join-waitlist?zip=10001', <JoinWaitlistRoute />);
    expect(await screen.findByRole('heading', { level: 1, name: 'We don’t lend in New York yet' })).toBeInTheDocument();
    expect(screen.getByText(/We expect to start lending in New York on March 1, 2027\./)).toBeInTheDocument();
    // The ZIP code came with the page: it is not asked again.
    expect(screen.queryByRole('textbox', { name: /ZIP code/ })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'First name' })).toHaveAccessibleDescription(/Enter your first name\./));
    expect(screen.getByRole('textbox', { name: 'Last name' })).toHaveAccessibleDescription(/Enter your last name\./);
    expect(screen.getByRole('textbox', { name: 'E-mail address' })).toHaveAccessibleDescription('Enter an e-mail address like name@example.com.');
    expect(screen.getByRole('textbox', { name: 'First name' })).toHaveFocus();
    expect(joins).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'First name' }), 'Nia');
    await user.type(screen.getByRole('textbox', { name: 'Last name' }), 'Ortiz');
    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'nia@');
    await user.type(screen.getByRole('textbox', { name: 'Phone (optional)' }), '212555');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'E-mail address' })).toHaveAccessibleDescription('Enter an e-mail address like name@example.com.'),
    );
    expect(screen.getByRole('textbox', { name: 'Phone (optional)' })).toHaveAccessibleDescription('Enter a 10-digit US phone number.');
    expect(joins).toEqual([]);

    await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), 'example.com');
    await user.type(screen.getByRole('textbox', { name: 'Phone (optional)' }), '0123');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You’re on the list' })).toBeInTheDocument();
    expect(screen.getByText(/We’ll write to nia@example\.com/)).toBeInTheDocument();
    expect(joins).toEqual([{ firstName: 'Nia', lastName: 'Ortiz', email: 'nia@example.com', zip: '10001', phone: '2125550123' }]);
  });

  it('asks for the ZIP code when the page came without one, and leaves out a phone not given', async () => {
    const joins: unknown[] = [];
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'prequal.joinWaitlist': (input) => (joins.push(input), ok({ state: 'NY', stateName: 'New York', opensOn: null })),
    });
    usePrequalStore.getState().update({ firstName: 'Nia', lastName: 'Ortiz', email: 'nia@example.com' });
    renderAt('/join-waitlist', <JoinWaitlistRoute />);
    expect(screen.getByRole('heading', { level: 1, name: 'We don’t lend in your state yet' })).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Your home’s ZIP code' })).toHaveAccessibleDescription('Enter a 5-digit ZIP code.'));
    await user.type(screen.getByRole('textbox', { name: 'Your home’s ZIP code' }), '10001');
    await user.click(screen.getByRole('button', { name: 'Join the waitlist' }));
    expect(await screen.findByText('We don’t have a date for New York yet.')).toBeInTheDocument();
    expect(joins).toEqual([{ firstName: 'Nia', lastName: 'Ortiz', email: 'nia@example.com', zip: '10001' }]);
  });

  it('shows the server’s message beside the field it names', async () => {
    stub([], () => trpcError('BAD_REQUEST', 400, 'Check the form.', [{ path: 'email', message: 'We can’t send mail to that address.' }]));
    usePrequalStore.getState().update({ firstName: 'Nia', lastName: 'Ortiz', email: 'nia@example.com' });
    renderAt('/join-waitlist?zip=10001', <JoinWaitlistRoute />);
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Join the waitlist' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'E-mail address' })).toHaveAccessibleDescription('We can’t send mail to that address.'),
    );
  });
});
