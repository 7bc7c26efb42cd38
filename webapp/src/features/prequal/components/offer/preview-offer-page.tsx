import { Alert, Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { isTRPCClientError } from '@/api/trpc-client';
import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/config/paths';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

import type { Offer } from '../../api/get-quote';
import { useAnswers, useSaveAnswers } from '../../hooks/use-answers';
import { AmountPicker, amountError } from './amount-picker';
import { OfferPlaceholder } from './offer-states';
import { OfferTerms } from './offer-terms';
import { useCurrentOffer } from './use-current-offer';

export const BEST_OFFER_SUMMARY_PATH = '/start/best-offer-summary';
export const AFTER_OFFER_PATH = '/start/after-offer';

/** The amount the picker starts at: the one chosen before, kept within the offer, else the whole line. */
export function startingAmount(offer: Pick<Offer, 'minLine' | 'maxLine'>, desired: number | undefined): number {
  if (typeof desired !== 'number') return offer.maxLine;
  return Math.min(offer.maxLine, Math.max(offer.minLine, desired));
}

function saveError(err: unknown): string {
  if (isTRPCClientError(err) && err.code === 'NETWORK_ERROR') return err.message;
  if (isTRPCClientError(err) && err.code === 'UNAUTHORIZED') return 'Your session has ended. Sign in again to keep your amount.';
  if (isTRPCClientError(err) && err.code === 'BAD_REQUEST') return err.fields[0]?.message ?? err.message;
  return 'We couldn’t save your amount. Please try again.';
}

function OfferView({ offer, desired }: { offer: Offer; desired: number | undefined }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { save, isPending } = useSaveAnswers();
  const [amount, setAmount] = useState<number | null>(() => startingAmount(offer, desired));
  const [error, setError] = useState<string | null>(null);
  const [going, setGoing] = useState<string | null>(null);

  // Every way on keeps the chosen amount first (prequal.save), so the
  // summary, the application and a later visit start from it.
  const saveAndGo = async (to: string) => {
    if (amountError(amount, offer)) return;
    setError(null);
    setGoing(to);
    try {
      await save(pathname, { desiredAmount: amount! });
      await navigate(to);
    } catch (err) {
      setError(saveError(err));
    } finally {
      setGoing(null);
    }
  };

  return (
    <Stack gap="xl">
      <OfferTerms offer={offer} />
      <Divider />
      <AmountPicker offer={offer} amount={amount} onChange={setAmount} />
      {error ? (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      ) : null}
      <Text fz="sm" c="dimmed">
        This preview is based on your soft credit check and the answers you gave; it did not affect your credit score. The
        final terms follow the application, once we have verified your income and your home’s value.
      </Text>
      <Stack gap="md" align="stretch">
        <Button size="md" onClick={() => void saveAndGo(paths.application['1']!)} loading={going === paths.application['1']}>
          Continue to the application
        </Button>
        <Group justify="center" gap="xl">
          <Anchor component="button" type="button" onClick={() => void saveAndGo(BEST_OFFER_SUMMARY_PATH)} disabled={isPending}>
            See a printable summary
          </Anchor>
          <Anchor component="button" type="button" onClick={() => void saveAndGo(AFTER_OFFER_PATH)} disabled={isPending}>
            Not now
          </Anchor>
        </Group>
      </Stack>
    </Stack>
  );
}

/**
 * The preview offer (/app/initial-setup/preview-offer, /prequal/preview-offer):
 * quote.current on the bureau's data. Ineligible: its ineligible page.
 * Otherwise the line, APR, fee, CLTV and periods, an amount picker with its
 * monthly payments, and Continue to the application, with the amount saved.
 */
export function PreviewOfferPage() {
  useRouteDocumentTitle();
  const state = useCurrentOffer();
  const answers = useAnswers();
  const desired = answers.status === 'ready' ? answers.answers.desiredAmount : undefined;

  return (
    <Stack gap="lg">
      <PageHeading
        eyebrow="Preview offer"
        title="Your preview offer"
        help="What we can offer on your credit check and your answers. Choose how much you want; you can change it later."
      />
      {state.status === 'ready' && answers.status !== 'pending' ? (
        <OfferView offer={state.quote.offer} desired={desired} />
      ) : state.status === 'ready' ? (
        <OfferPlaceholder state={{ status: 'pending' }} />
      ) : (
        <OfferPlaceholder state={state} />
      )}
    </Stack>
  );
}
