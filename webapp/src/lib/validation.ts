// Spec §5 validation rules shared by forms.

import { phoneDigits } from './format';

/** A standard e-mail address: something@domain.tld, no spaces. */
export const EMAIL_PATTERN = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

export const PASSWORD_MIN_LENGTH = 8;

export const emailRules = {
  required: 'Enter your e-mail address.',
  pattern: { value: EMAIL_PATTERN, message: 'Enter an e-mail address like name@example.com.' },
} as const;

export const passwordRules = {
  required: 'Enter your password.',
  minLength: { value: PASSWORD_MIN_LENGTH, message: `Your password has at least ${PASSWORD_MIN_LENGTH} characters.` },
} as const;

/** A password the applicant may set: optional, at least 8 characters when given (spec §5). */
export const optionalPasswordRules = {
  minLength: { value: PASSWORD_MIN_LENGTH, message: `Use at least ${PASSWORD_MIN_LENGTH} characters, or leave it empty.` },
} as const;

/** A 6-digit one-time or authenticator code; spaces are ignored. */
export const OTP_PATTERN = /^\d{6}$/;

export const otpRules = {
  required: 'Enter the 6-digit code.',
  validate: (v: string) => OTP_PATTERN.test(v.replace(/\s/g, '')) || 'The code is 6 digits.',
} as const;

/** A portal recovery code: xxxxx-xxxxx. */
export const RECOVERY_CODE_PATTERN = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

export const recoveryCodeRules = {
  required: 'Enter one of your recovery codes.',
  validate: (v: string) => RECOVERY_CODE_PATTERN.test(v.trim()) || 'A recovery code looks like abcde-12345.',
} as const;

/** A US phone number (North American plan: area code and exchange do not start with 0 or 1), typed in any format. */
export const US_PHONE_PATTERN = /^[2-9]\d{2}[2-9]\d{6}$/;

export const phoneRules = {
  required: 'Enter your phone number.',
  validate: (v: string) => {
    const digits = phoneDigits(v);
    if (digits.length !== 10) return 'Enter a 10-digit phone number, like (415) 555-0101.';
    return US_PHONE_PATTERN.test(digits) || 'Enter a US phone number: its area code and the next three digits do not start with 0 or 1.';
  },
} as const;

export function nameRules(which: 'first' | 'last') {
  return {
    required: `Enter your ${which} name.`,
    validate: (v: string) => v.trim() !== '' || `Enter your ${which} name.`,
    maxLength: { value: 100, message: 'Use at most 100 characters.' },
  } as const;
}
