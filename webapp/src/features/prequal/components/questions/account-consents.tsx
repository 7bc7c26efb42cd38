import type { Consent, ConsentKind } from '@/api/get-consents';
import { CheckboxField } from '@/components/form/text-field';
import { ConsentText } from '@/components/ui/consent-text';

/** The consents an account is made with, as the server lists them (consents.current). */
export type AccountConsentTexts = Partial<Record<ConsentKind, Consent>>;

/**
 * The versions of the consents the account is made with, as
 * identity.createAccount records them: the e-consent and the information
 * sharing always, the TCPA consent when it was given.
 */
export function consentVersionsOf(consents: AccountConsentTexts, tcpaGiven = false) {
  return {
    eConsent: consents.eConsent!.version,
    informationSharing: consents.informationSharing!.version,
    ...(tcpaGiven && consents.tcpa ? { tcpa: consents.tcpa.version } : {}),
  };
}

/** The e-consent and the information-sharing consent, each read in full above its box (fields eConsent, informationSharingConsent). */
export function AccountConsentFields({ consents }: { consents: AccountConsentTexts }) {
  return (
    <>
      <ConsentText consent={consents.eConsent!} id="e-consent-title" />
      <CheckboxField name="eConsent" label="I agree to receive documents and notices electronically, as described above." />
      <ConsentText consent={consents.informationSharing!} id="sharing-title" />
      <CheckboxField name="informationSharingConsent" label="I agree to the sharing of my information as described above." />
    </>
  );
}
