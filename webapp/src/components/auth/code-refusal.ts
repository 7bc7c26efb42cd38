import type { UseFormReturn } from 'react-hook-form';

/**
 * A sign-in code refused: one that is not right (CredentialsSignin) is the
 * code field's error, said there, with the field emptied for the next try;
 * any other refusal (too many tries, the network) is the form's `alert`.
 */
export function showCodeRefusal<TInput>(
  form: UseFormReturn<{ otpCode: string }, unknown, TInput>,
  errorCode: string,
  message: string,
  alert: (message: string) => void,
) {
  if (errorCode === 'CredentialsSignin') {
    form.setValue('otpCode', '');
    form.setError('otpCode', { type: 'server', message });
  } else {
    alert(message);
  }
}
