import { Button, Flex, List, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { PageHeading } from '@/components/ui/page-heading';
import { paths } from '@/config/paths';
import { useRouteDocumentTitle } from '@/lib/use-document-title';
import { formatDollars, formatRate } from '@/lib/format';

import { ChosenAmount } from './chosen-amount';
import { OfferPlaceholder } from './offer-states';
import { BEST_OFFER_SUMMARY_PATH, startingAmount } from './preview-offer-page';
import { useCurrentOffer } from './use-current-offer';

/**
 * /start/after-offer ("Not now" on the preview offer): the offer is kept
 * with the account, what happens next, and the way on to the application.
 */
export function AfterOfferPage() {
  useRouteDocumentTitle();
  const state = useCurrentOffer();

  return (
    <Stack gap="xl">
      <PageHeading
        title="Your offer is saved"
        help="We keep your preview offer and the amount you chose with your account. Sign in any time to pick up where you left off."
      />
      {state.status === 'ready' ? (
        <Stack gap="sm">
          <Text fw={500}>
            A line of up to {formatDollars(state.quote.offer.maxLine)} at {formatRate(state.quote.offer.apr)} APR (variable).
          </Text>
          <ChosenAmount
            offer={state.quote.offer}
            amount={startingAmount(state.quote.offer)}
          />
        </Stack>
      ) : (
        <OfferPlaceholder state={state} />
      )}
      <Stack gap="sm" component="section" aria-labelledby="next-heading">
        <Title order={2} fz="xl" id="next-heading">
          What happens next
        </Title>
        <List type="ordered" spacing="xs">
          <List.Item>The application: about you, your home, your income and work, a few questions lenders must ask.</List.Item>
          <List.Item>We verify your income and identity, and order a valuation of your home where needed.</List.Item>
          <List.Item>You review and sign the line’s documents online.</List.Item>
          <List.Item>Your line opens and you draw the amount you chose.</List.Item>
        </List>
        <Text fz="sm" c="dimmed">
          Preview offers can change with the prime rate or with what the application shows. Continuing costs nothing and does not
          affect your credit score until you agree to a full credit check.
        </Text>
      </Stack>
      <Flex direction={{ base: 'column-reverse', sm: 'row' }} gap="sm" justify="space-between">
        <Button variant="default" component={Link} to={BEST_OFFER_SUMMARY_PATH}>
          See a printable summary
        </Button>
        <Button component={Link} to={paths.application['1']!}>
          Continue to the application
        </Button>
      </Flex>
    </Stack>
  );
}
