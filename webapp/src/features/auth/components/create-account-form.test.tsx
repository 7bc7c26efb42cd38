import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ok, renderAt, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import { CreateAccountForm } from './create-account-form';

async function fill(user: ReturnType<typeof userEvent.setup>, { consent = true, password = '' } = {}) {
  await user.type(screen.getByLabelText(/First name/), 'Ana');
  await user.type(screen.getByLabelText(/Last name/), 'Diaz');
  await user.type(screen.getByLabelText(/E-mail address/), 'ana@example.com');
  await user.type(screen.getByLabelText(/Mobile phone/), '4155550101');
  if (consent) await user.click(screen.getByRole('checkbox'));
  if (password) await user.type(screen.getByLabelText(/Password/), password);
}

describe('CreateAccountForm', () => {
  it('checks every field against CreateAccountInput before anything is sent, in the schema’s words', async () => {
    const { calls } = stubTRPC({ 'system.info': () => ok(sandboxSystemInfo) });
    const user = userEvent.setup();
    renderAt('/app/login?mode=create', <CreateAccountForm onCodeSent={() => {}} />);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Enter your first name. Use at most 100 characters, without control characters.')).toBeInTheDocument();
    expect(screen.getByText('Enter your last name. Use at most 100 characters, without control characters.')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail address/)).toHaveAccessibleDescription(/Enter an e-mail address like name@example.com./);
    // The phone may be left out (AccountInput: *null | #Phone), as may the password.
    expect(screen.getByLabelText(/Mobile phone/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/Password/)).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText(/First name/)).toHaveFocus();
    expect(calls).not.toContain('identity.createAccount');
  });

  it('shows the phone as (ddd) ddd-dddd and asks for 10 digits of a US number', async () => {
    stubTRPC({ 'system.info': () => ok(sandboxSystemInfo) });
    const user = userEvent.setup();
    renderAt('/app/login?mode=create', <CreateAccountForm onCodeSent={() => {}} />);
    const phone = screen.getByLabelText(/Mobile phone/);
    await user.type(phone, '415555');
    expect(phone).toHaveValue('(415) 555');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Enter a 10-digit US phone number.'));
    await user.type(phone, '0101');
    expect(phone).toHaveValue('(415) 555-0101');
    await waitFor(() => expect(phone).not.toHaveAttribute('aria-invalid', 'true'));
    await user.clear(phone);
    await user.type(phone, '4151230101');
    await waitFor(() => expect(phone).toHaveAccessibleDescription('Enter a 10-digit US phone number.'));
    expect(phone).toHaveAttribute('type', 'tel');
  });

  it('asks for the TCPA consent without requiring it, since it is not a condition of credit', async () => {
    const inputs: unknown[] = [];
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'identity.createAccount': (input) => {
        inputs.push(input);
        return ok({ codeSent: true });
      },
    });
    const onCodeSent = vi.fn();
    const user = userEvent.setup();
    renderAt('/app/login?mode=create', <CreateAccountForm onCodeSent={onCodeSent} />);
    const consent = screen.getByRole('checkbox', { name: /call and text me about my application at the number above/ });
    expect(consent).toHaveAccessibleName(/not a condition of credit/);
    await fill(user, { consent: false });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onCodeSent).toHaveBeenCalled());
    expect(inputs).toEqual([expect.objectContaining({ tcpaConsent: false })]);
  });

  it('asks for at least 8 characters when a password is given', async () => {
    stubTRPC({ 'system.info': () => ok(sandboxSystemInfo) });
    const user = userEvent.setup();
    renderAt('/app/login?mode=create', <CreateAccountForm onCodeSent={() => {}} />);
    await fill(user, { password: 'short' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Your password has at least 8 characters.')).toBeInTheDocument();
  });

  it('sends identity.createAccount with the phone as 10 digits and no empty password, then moves on', async () => {
    const inputs: unknown[] = [];
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'identity.createAccount': (input) => {
        inputs.push(input);
        return ok({ codeSent: true });
      },
    });
    const onCodeSent = vi.fn();
    const user = userEvent.setup();
    renderAt('/app/login?mode=create', <CreateAccountForm onCodeSent={onCodeSent} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onCodeSent).toHaveBeenCalled());
    expect(inputs).toEqual([{ email: 'ana@example.com', firstName: 'Ana', lastName: 'Diaz', phone: '4155550101', tcpaConsent: true }]);
    expect(onCodeSent).toHaveBeenCalledWith({
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Diaz',
      phone: '4155550101',
      tcpaConsent: true,
    });
  });

  it('shows the server’s field errors beside their fields', async () => {
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'identity.createAccount': () =>
        trpcError('BAD_REQUEST', 400, 'Invalid input.', [
          { path: 'email', message: 'This e-mail domain cannot receive mail.' },
          { path: 'phone', message: 'Use a US phone number.' },
        ]),
    });
    const onCodeSent = vi.fn();
    const user = userEvent.setup();
    renderAt('/app/login?mode=create', <CreateAccountForm onCodeSent={onCodeSent} />);
    await fill(user, { password: 'long-enough' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const email = screen.getByLabelText(/E-mail address/);
    expect(await screen.findByText('This e-mail domain cannot receive mail.')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/This e-mail domain cannot receive mail./);
    expect(screen.getByText('Use a US phone number.')).toBeInTheDocument();
    expect(email).toHaveFocus();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(onCodeSent).not.toHaveBeenCalled();
  });

  it('says to wait after too many tries', async () => {
    stubTRPC({
      'system.info': () => ok(sandboxSystemInfo),
      'identity.createAccount': () => trpcError('TOO_MANY_REQUESTS', 429),
    });
    const user = userEvent.setup();
    renderAt('/app/login?mode=create', <CreateAccountForm onCodeSent={() => {}} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries. Wait a few minutes and try again.');
  });
});
