import { BOT_CHECK_ERROR, NETWORK_ERROR, type AuthClient } from './auth-client';

/** What was being done when the error came back; some codes read differently per step. */
export type AuthStep = 'email' | 'code' | 'password' | 'portalPassword' | 'portalCode' | 'recoveryCode' | 'signOut';

const credentials: Record<AuthStep, string> = {
  email: 'We could not send a code to that address. Check it and try again.',
  code: 'That code is not right or has expired.',
  password: 'That e-mail address and password do not match. Check them, or sign in with a code instead.',
  portalPassword: 'That e-mail address and password do not match.',
  portalCode: 'That code is not right. Codes change every 30 seconds: enter the one your app shows now.',
  recoveryCode: 'That recovery code is not right, or it was already used.',
  signOut: 'We could not sign you out. Please try again.',
};

const messages: Record<string, string> = {
  TooManyRequests: 'Too many tries. Wait a few minutes and try again.',
  SessionRequired: 'Your session has ended. Please sign in again.',
  SecondFactorReset:
    'An administrator reset your authenticator. Open the link we e-mailed you to set up a new one, then sign in.',
  MissingCSRF: 'This page was open too long to be sent safely. Reload the page and try again.',
  AccessDenied: 'We could not confirm this request came from this site. Reload the page and try again.',
  INVALID_CALLBACK_URL_ERROR: 'That sign-in link points somewhere we cannot send you. Sign in from this page instead.',
  CALLBACK_CREDENTIALS_HANDLER_ERROR: 'Something in the form is missing or not in the right form. Check it and try again.',
  [NETWORK_ERROR]: 'The server could not be reached. Check your connection and try again.',
  [BOT_CHECK_ERROR]: 'The human check could not run. Reload the page and try again.',
};

const fallback = 'Sign-in is not working right now. Please try again in a few minutes.';

/** Errors that come from what the person did or from the network; any other means a bug or a misconfiguration. */
const expected = new Set([
  'CredentialsSignin',
  'SecondFactorRequired',
  'SecondFactorReset',
  'TooManyRequests',
  'SessionRequired',
  'MissingCSRF',
  'AccessDenied',
  'CALLBACK_CREDENTIALS_HANDLER_ERROR',
  NETWORK_ERROR,
  BOT_CHECK_ERROR,
]);

/** The message a person sees for an auth error code. */
export function authErrorMessage(code: string, step: AuthStep): string {
  if (code === 'CredentialsSignin') return credentials[step];
  return messages[code] ?? fallback;
}

/** Whether an error code points at a bug or a misconfiguration (NO_SECRET, a 5xx, ...): worth a log line. */
export function isUnexpectedAuthError(code: string): boolean {
  return !expected.has(code);
}

/** Sends an unexpected error code (never personal data) to the server's client log. */
export function reportUnexpectedAuthError(client: Pick<AuthClient, 'log'>, code: string): void {
  if (isUnexpectedAuthError(code)) void client.log('error', code);
}

/** Messages for ?error= on a sign-in page (spec §8; NextAuth's page errors). */
export function loginPageMessage(code: string): string {
  if (code === 'SessionRequired') return 'Please sign in to see that page.';
  if (code === 'CredentialsSignin') return 'That sign-in did not work. Check your details and try again.';
  return messages[code] ?? 'That sign-in did not work. Please try again.';
}
