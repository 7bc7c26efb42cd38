import { Alert, Anchor, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useLocation, useNavigate } from 'react-router';

import { isTRPCClientError } from '@/api/trpc-client';
import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/config/paths';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

import { usePricedQuote, type Offer, type Quote } from '../../api/get-quote';
import { useSaveAnswers } from '../../hooks/use-answers';
import { AmountPicker, amountError, type Priced } from './amount-picker';
import { OfferPlaceholder } from './offer-states';
import { OfferTerms } from './offer-terms';
import { useCurrentOffer } from './use-current-offer';

export const BEST_OFFER_SUMMARY_PATH = '/start/best-offer-summary';
export const AFTER_OFFER_PATH = '/start/after-offer';

/** How long the amount rests before the policy is asked for its figures. */
export const PRICE_DELAY_MS = 300;

/**
 * The amount the picker starts at: the policy's line (the amount chosen
 * before, which the policy keeps within the offer; the whole line when none
 * was). The page does not work it out again.
 */
export function startingAmount(offer: Pick<Offer, 'maxLine' | 'line'>): number {
  return offer.line ?? offer.maxLine;
}

/**
 * The policy's figures for the amount being chosen: quote.current with the
 * amount as requestedLine, asked once the amount has rested PRICE_DELAY_MS.
 * The quote the page opened with already prices the starting amount.
 */
function usePriced(quote: Quote, email: string, amount: number | null, valid: boolean, start: number): Priced {
  const [settled] = useDebouncedValue(valid ? amount : null, PRICE_DELAY_MS);
  const ask = settled !== null && settled !== start ? settled : null;
  const priced = usePricedQuote(email, ask);
  const moving = valid && amount !== settled;
  if (ask === null && !moving) return { offer: valid ? quote.offer : undefined, loading: false, error: null, retry: () => {} };
  // Before the first answer for another amount, the opening quote's figures stay (dimmed).
  const shown = priced.data?.offer ?? quote.offer;
  return {
    offer: shown,
    loading: moving || priced.isFetching || priced.isPlaceholderData,
    error: priced.isError ? priced.error : null,
    retry: () => void priced.refetch(),
  };
}

function saveError(err: unknown): string {
  if (isTRPCClientError(err) && err.code === 'NETWORK_ERROR') return err.message;
  if (isTRPCClientError(err) && err.code === 'UNAUTHORIZED') return 'Your session has ended. Sign in again to keep your amount.';
  if (isTRPCClientError(err) && err.code === 'BAD_REQUEST') return err.fields[0]?.message ?? err.message;
  return 'We couldn’t save your amount. Please try again.';
}

function OfferView({ quote, email }: { quote: Quote; email: string }) {
  const { offer } = quote;
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { save, isPending } = useSaveAnswers();
  const [start] = useState(() => startingAmount(offer));
  const [amount, setAmount] = useState<number | null>(start);
  const priced = usePriced(quote, email, amount, amountError(amount, offer) === null, start);
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
      {/* The APR and CLTV of the amount being chosen: the policy prices each line at its own CLTV. */}
      <OfferTerms offer={priced.offer ?? offer} />
      <Divider />
      <AmountPicker offer={offer} amount={amount} onChange={setAmount} priced={priced} />
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
 * quote.current on the bureau's data. A decline with a page: its ineligible
 * page; without one, its reasons and notice here; a missing answer: which,
 * linked to its page. An offer: the line, APR, CLTV and periods, an amount
 * picker with the policy's payments and fee for the amount, and Continue to
 * the application, with the amount saved.
 */
export function PreviewOfferPage() {
  useRouteDocumentTitle();
  const state = useCurrentOffer();

  return (
    <Stack gap="lg">
      <PageHeading
        eyebrow="Preview offer"
        title="Your preview offer"
        help="What we can offer on your credit check and your answers. Choose how much you want; you can change it later."
      />
      {state.status === 'ready' ? (
        <OfferView quote={state.quote} email={state.email} />
      ) : (
        <OfferPlaceholder state={state} />
      )}
    </Stack>
  );
}
