import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderAt } from '@/testing/test-utils';

import { LoginForm } from './login-form';

describe('LoginForm', () => {
  it('shows a message beside the e-mail field when it is not an address', async () => {
    const user = userEvent.setup();
    renderAt('/app/login', <LoginForm realm="applicant" />);
    await user.type(screen.getByLabelText(/E-mail address/), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Enter an e-mail address like name@example.com.')).toBeInTheDocument();
    expect(screen.getByLabelText(/E-mail address/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('Sign-in is not available yet')).not.toBeInTheDocument();
  });

  it('says plainly that sign-in is not available yet once the e-mail is valid', async () => {
    const user = userEvent.setup();
    renderAt('/app/login', <LoginForm realm="applicant" />);
    await user.type(screen.getByLabelText(/E-mail address/), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(screen.getByText('Sign-in is not available yet')).toBeInTheDocument());
  });

  it('asks staff for a password of at least 8 characters', async () => {
    const user = userEvent.setup();
    renderAt('/portal/login', <LoginForm realm="portal" />);
    await user.type(screen.getByLabelText(/E-mail address/), 'staff@example.com');
    await user.type(screen.getByLabelText(/Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Your password has at least 8 characters.')).toBeInTheDocument();
  });
});
