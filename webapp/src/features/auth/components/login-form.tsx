import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useForm } from 'react-hook-form';

import { Form } from '@/components/form/form';
import { PasswordField, TextField } from '@/components/form/text-field';
import { emailRules, passwordRules } from '@/lib/validation';

export type LoginRealm = 'applicant' | 'portal';

type Values = { email: string; password: string };

const unavailable: Record<LoginRealm, string> = {
  applicant: 'Signing in to an application is not available yet. To get started, check your rate from the home page.',
  portal: 'Staff sign-in is not available yet.',
};

/** E-mail (and for staff, password) checked in the browser before anything is sent. */
export function LoginForm({ realm }: { realm: LoginRealm }) {
  // Checked on submit, then as the person types: a message appearing on blur
  // would move the button away from a pointer that is pressing it.
  const form = useForm<Values>({ defaultValues: { email: '', password: '' }, mode: 'onSubmit', reValidateMode: 'onChange' });

  const submit = () => {
    notifications.show({
      id: `sign-in-${realm}`,
      title: 'Sign-in is not available yet',
      message: unavailable[realm],
      color: 'harbor',
    });
  };

  return (
    <Form form={form} onSubmit={submit} aria-label="Sign in">
      <TextField
        name="email"
        rules={emailRules}
        label="E-mail address"
        type="email"
        autoComplete={realm === 'portal' ? 'username' : 'email'}
        inputMode="email"
        size="md"
      />
      {realm === 'portal' ? (
        <PasswordField name="password" rules={passwordRules} label="Password" autoComplete="current-password" size="md" />
      ) : null}
      <Button type="submit" size="md" fullWidth mt="xs">
        {realm === 'portal' ? 'Sign in' : 'Continue'}
      </Button>
    </Form>
  );
}
