import { TRPCClientError } from '@/api/trpc-client';

import { errorMessage, OUR_FAULT, TOO_MANY_TRIES } from './error-message';

const err = (code: string, message = 'The server says so.', fields: { path: string; message: string }[] = []) =>
  new TRPCClientError(message, { code, httpStatus: 400, path: 'x.y', fields });

describe('errorMessage', () => {
  it('says the fault is ours for anything but a server error, in the page’s words when it has them', () => {
    expect(errorMessage(new Error('boom'))).toBe(OUR_FAULT);
    expect(errorMessage(new Error('boom'), { fallback: 'Your answers are kept.' })).toBe('Your answers are kept.');
    expect(errorMessage(err('INTERNAL_SERVER_ERROR'))).toBe(OUR_FAULT);
  });

  it('gives the server’s words for a refused input and a lost connection', () => {
    expect(errorMessage(err('BAD_REQUEST'))).toBe('The server says so.');
    expect(errorMessage(err('NETWORK_ERROR', 'Check your connection.'))).toBe('Check your connection.');
  });

  it('words an ended session, a refusal, a conflict and too many tries', () => {
    expect(errorMessage(err('UNAUTHORIZED'), { signInTo: 'save this page' })).toBe('Your session has ended. Sign in again to save this page.');
    expect(errorMessage(err('FORBIDDEN'), { forbidden: 'Submitted.' })).toBe('Submitted.');
    expect(errorMessage(err('CONFLICT'), { conflict: 'Closed already.' })).toBe('Closed already.');
    expect(errorMessage(err('TOO_MANY_REQUESTS'))).toBe(TOO_MANY_TRIES);
  });

  it('says the field messages where the page shows them, and the server’s words for the codes it asks', () => {
    expect(errorMessage(err('BAD_REQUEST', 'x', [{ path: 'a', message: 'A.' }, { path: 'b', message: 'B.' }]), { fields: true })).toBe('A. B.');
    expect(errorMessage(err('NOT_FOUND'), { serverWords: ['NOT_FOUND'] })).toBe('The server says so.');
  });
});
