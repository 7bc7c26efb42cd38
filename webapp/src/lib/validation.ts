// Spec §5 validation rules shared by forms.

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
