import { AccountSetup } from './contact-information';

/**
 * /start/email: the e-mail address, where the account is made (the
 * consents and the e-mailed code on the same page), so every answer after
 * it is saved to the loan and the borrower can come back from any device.
 */
export function EmailPage() {
  return <AccountSetup askEmail />;
}
