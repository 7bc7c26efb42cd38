import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { ok, renderRoutes, sandboxSystemInfo, stubTRPC, trpcError } from '@/testing/test-utils';

import { AcceptInvite } from './accept-invite';

const token = 'A'.repeat(43);
const invitation = { email: 'lou@example.com', firstName: 'Lou', lastName: 'Officer', purpose: 'invite', expiresAt: '2026-12-01T00:00:00Z' };
const offer = { totpSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', qrCode: 'data:image/png;base64,AA==' };

function setup(answers: Record<string, (input: unknown) => ReturnType<typeof ok>>) {
  const stubbed = stubTRPC({ 'system.info': () => ok(sandboxSystemInfo), ...answers });
  renderRoutes(`/portal/invite?token=${token}`, [
    { path: '/portal/invite', element: <AcceptInvite /> },
    { path: '*', element: <h1>Elsewhere</h1> },
  ]);
  return { ...stubbed, user: userEvent.setup() };
}

describe('AcceptInvite', () => {
  it('offers an authenticator, says when a code does not match, then shows the recovery codes once', async () => {
    let tries = 0;
    const { user } = setup({
      'invite.get': () => ok(invitation),
      'invite.authenticator': () => ok(offer),
      'invite.accept': (input) => {
        const { otpCode, password } = input as { otpCode: string; password: string };
        expect(password).toBe('a long passphrase');
        tries++;
        if (otpCode !== '123456') {
          return trpcError('BAD_REQUEST', 400, 'Some fields need attention.', [{ path: 'otpCode', message: 'This code does not match.' }]);
        }
        return ok({
          user: {
            id: '0123456789abcdef0123456789abcdef',
            email: 'ada@example.com',
            firstName: 'Ada',
            lastName: 'Lovelace',
            role: 'loanOfficer',
            active: true,
            loanOfficerTag: '',
            enrolment: 'complete',
            createdAt: '2026-11-20T10:00:00Z',
            updatedAt: '2026-11-20T10:00:00Z',
          },
          recoveryCodes: ['abcde-12345', 'fghij-67890'],
        });
      },
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Set up your portal account' })).toBeInTheDocument();
    expect(await screen.findByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /QR code/ })).toHaveAttribute('src', offer.qrCode);

    await user.type(screen.getByLabelText(/^Choose a password/), 'a long passphrase');
    await user.type(screen.getByRole('textbox', { name: 'Code from your authenticator app' }), '000000');
    await user.click(screen.getByRole('button', { name: 'Finish setting up my account' }));
    expect(await screen.findByText('This code does not match.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Code from your authenticator app' })).toHaveValue('');

    await user.type(screen.getByRole('textbox', { name: 'Code from your authenticator app' }), '123 456');
    await user.click(screen.getByRole('button', { name: 'Finish setting up my account' }));
    expect(await screen.findByRole('heading', { name: 'Save your recovery codes' })).toBeInTheDocument();
    expect(screen.getByText('abcde-12345')).toBeInTheDocument();
    expect(tries).toBe(2);
  });

  it('says a used or expired link does not work, and offers nothing', async () => {
    const { calls } = setup({
      'invite.get': () => trpcError('NOT_FOUND', 404, 'This link has expired or was already used. Ask an administrator to send you a new one.'),
    });
    expect(await screen.findByText('This link has expired or was already used. Ask an administrator to send you a new one.')).toBeInTheDocument();
    expect(calls).not.toContain('invite.authenticator');
  });
});
