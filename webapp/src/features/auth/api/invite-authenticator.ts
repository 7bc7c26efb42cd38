import { useMutation } from '@tanstack/react-query';

import { api } from '@/api/client';
import type { components } from '@/api/schema.gen';
import type { MutationConfig } from '@/lib/react-query';

// invite.authenticator: a new authenticator secret for the link's user, as
// text, as an otpauth:// link and as a QR code; the server keeps it until
// invite.accept is given a code from it (a new offer replaces it).

export type AuthenticatorOffer = components['schemas']['AuthenticatorOffer'];

const PROCEDURE = 'invite.authenticator';

export async function offerAuthenticator({ token }: { token: string }): Promise<AuthenticatorOffer> {
  return api.mutate<AuthenticatorOffer>(PROCEDURE, { token });
}

/** Nothing cached depends on an offer. */
export function useOfferAuthenticator(config: MutationConfig<typeof offerAuthenticator> = {}) {
  return useMutation({ ...config, mutationFn: offerAuthenticator });
}
