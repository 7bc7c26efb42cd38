import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ok, renderAt, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import { CreateAccountForm } from './create-account-form';

// consents.current, as the consents policy serves it (rules/heloc/consents).
const consents = {
  consents: [
    { kind: 'eConsent', version: 'esign-2026-11', title: 'Electronic records and signatures', text: 'You agree to electronic documents.' },
    { kind: 'tcpa', version: 'tcpa-2026-11', title: 'Calls and texts', text: 'You agree to calls and texts.' },
    { kind: 'informationSharing', version: 'sharing-2026-11', title: 'Sharing your information', text: 'We share what we must.' },
  ],
};

/** The calls the form makes, with the consents it shows. */
function stub(handlers: Parameters<typeof stubTRPC>[0] = {}) {
  return stubTRPC({ 'system.info': () => ok(sandboxSystemInfo), 'consents.current': () => ok(consents), ...handlers });
}

async function fill(user: ReturnType<typeof userEvent.setup>, { consent = true, password = '' } = {}) {
  await user.type(await screen.findByLabelText(/First name/), 'Ana');
  await user.type(screen.getByLabelText(/Last name/), 'Diaz');
  await user.type(screen.getByLabelText(/E-mail address/), 'ana@example.com');
  await user.type(screen.getByLabelText(/Mobile phone/), '4155550101');
  if (consent) await user.click(screen.getByRole('checkbox', { name: /call and text me/ }));
  await user.click(screen.getByRole('checkbox', { name: /receive documents and notices electronically/ }));
  await user.click(screen.getByRole('checkbox', { name: /sharing of my information/ }));
  if (password) await user.type(screen.getByLabelText(/Password/), password);
}

describe('CreateAccountForm', () => {
  it('checks every field against CreateAccountInput before anything is sent, in the schema’s words', async () => {
    const { calls } = stub();
    const user = userEvent.setup();
    renderAt('/app/login?mode=create', <CreateAccountForm onCodeSent={() => {}} />);
    await user.click(await screen.findByRole('button', { name: 'Create account' }));
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
    stub();
    const user = userEvent.setup();
    renderAt('/app/login?mode=create', <CreateAccountForm onCodeSent={() => {}} />);
    const phone = await screen.findByLabelText(/Mobile phone/);
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
    stub({
      'identity.createAccount': (input) => {
        inputs.push(input);
        return ok({ codeSent: true });
      },
    });
    const onCodeSent = vi.fn();
    const user = userEvent.setup();
    renderAt('/app/login?mode=create', <CreateAccountForm onCodeSent={onCodeSent} />);
    const consent = await screen.findByRole('checkbox', { name: /call and text me about my application at the number above/ });
    expect(consent).toHaveAccessibleName(/not a condition of credit/);
    await fill(user, { consent: false });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(onCodeSent).toHaveBeenCalled());
    expect(inputs).toEqual([expect.objectContaining({ tcpaConsent: false })]);
  });

  it('requires the e-consent and the information-sharing consent, shown in their current wording', async () => {
    const { calls } = stub();
    const user = userEvent.setup();
    renderAt('/app/login?mode=create', <CreateAccountForm onCodeSent={() => {}} />);
    expect(await screen.findByRole('region', { name: 'Electronic records and signatures' })).toHaveTextContent('You agree to electronic documents.');
    expect(screen.getByRole('region', { name: 'Sharing your information' })).toBeInTheDocument();
    await user.type(screen.getByLabelText(/First name/), 'Ana');
    await user.type(screen.getByLabelText(/Last name/), 'Diaz');
    await user.type(screen.getByLabelText(/E-mail address/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByRole('checkbox', { name: /receive documents and notices electronically/ })).toHaveAttribute('aria-invalid', 'true'),
    );
    expect(screen.getByRole('checkbox', { name: /sharing of my information/ })).toHaveAttribute('aria-invalid', 'true');
    expect(calls).not.toContain('identity.createAccount');
  });

  it('asks for at least 8 characters when a password is given', async () => {
    stub();
    const user = userEvent.setup();
    renderAt('/app/login?mode=create', <CreateAccountForm onCodeSent={() => {}} />);
    await fill(user, { password: 'short' });
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Your password has at least 8 characters.')).toBeInTheDocument();
  });

  it('sends identity.createAccount with the phone as 10 digits and no empty password, then moves on', async () => {
    const inputs: unknown[] = [];
    stub({
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
    const sent = {
      email: 'ana@example.com',
      firstName: 'Ana',
      lastName: 'Diaz',
      phone: '4155550101',
      tcpaConsent: true,
      eConsent: true,
      informationSharingConsent: true,
      consentVersions: { eConsent: 'esign-2026-11', informationSharing: 'sharing-2026-11', tcpa: 'tcpa-2026-11' },
    };
    expect(inputs).toEqual([sent]);
    expect(onCodeSent).toHaveBeenCalledWith(sent);
  });

  it('shows the server’s field errors beside their fields', async () => {
    stub({
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
    stub({
      'identity.createAccount': () => trpcError('TOO_MANY_REQUESTS', 429),
    });
    const user = userEvent.setup();
    renderAt('/app/login?mode=create', <CreateAccountForm onCodeSent={() => {}} />);
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many tries. Wait a few minutes and try again.');
  });
});
