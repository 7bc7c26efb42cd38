import { Box, Button, Divider, Flex, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

import { PageHeading } from '@/components/ui/page-heading';
import '@/components/ui/print.css';
import { paths } from '@/config/paths';
import { useRouteDocumentTitle } from '@/lib/use-document-title';

import { ChosenAmount } from './chosen-amount';
import { OfferPlaceholder } from './offer-states';
import { OfferTerms } from './offer-terms';
import { startingAmount } from './preview-offer-page';
import { useCurrentOffer } from './use-current-offer';
import { formatDate } from '@/lib/format';

const PREVIEW_OFFER_PATH = paths.initialSetup['preview-offer']!;

/**
 * /start/best-offer-summary: the preview offer and the amount chosen, as a
 * summary to print or keep (a print stylesheet leaves the site's header,
 * footer and buttons off the paper).
 */
export function BestOfferSummaryPage() {
  useRouteDocumentTitle();
  const state = useCurrentOffer();

  if (state.status !== 'ready') {
    return (
      <Stack gap="lg">
        <PageHeading title="Your offer summary" />
        <OfferPlaceholder state={state} />
      </Stack>
    );
  }
  const { offer } = state.quote;
  const amount = startingAmount(offer);
  const today = formatDate(new Date());

  return (
    <Stack gap="lg">
      <Box className="printable" component="article" aria-labelledby="summary-heading">
        <Stack gap="lg">
          <Stack gap={4}>
            <Title order={1} id="summary-heading">
              Your offer summary
            </Title>
            <Text c="dimmed">
              Preview offer of {today} · Reference {offer.decisionId}
            </Text>
          </Stack>
          <Stack gap="sm" component="section" aria-labelledby="summary-amount">
            <Title order={2} fz="xl" id="summary-amount">
              Your amount
            </Title>
            <ChosenAmount offer={offer} amount={amount} />
          </Stack>
          <Divider />
          <Stack gap="sm" component="section" aria-labelledby="summary-terms">
            <Title order={2} fz="xl" id="summary-terms">
              The terms
            </Title>
            <OfferTerms offer={offer} />
          </Stack>
          <Text fz="sm" c="dimmed">
            A preview offer, based on a soft credit check and your answers; it is not a commitment to lend. The APR is
            variable and payments are estimates at today’s rate. The final terms follow the application, once we have
            verified your income and your home’s value.
          </Text>
        </Stack>
      </Box>
      <Flex className="no-print" direction={{ base: 'column', sm: 'row' }} gap="sm" justify="space-between">
        <Flex direction={{ base: 'column', xs: 'row' }} gap="sm">
          <Button variant="default" onClick={() => window.print()}>
            Print
          </Button>
          <Button variant="default" component={Link} to={PREVIEW_OFFER_PATH}>
            Change the amount
          </Button>
        </Flex>
        <Button component={Link} to={paths.application['1']!}>
          Continue to the application
        </Button>
      </Flex>
    </Stack>
  );
}
