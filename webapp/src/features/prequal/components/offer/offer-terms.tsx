import { SimpleGrid, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';


import type { Offer } from '../../api/get-quote';
import { formatDollars, formatFraction, formatRate } from '@/lib/format';

function Term({ label, value, detail }: { label: string; value: ReactNode; detail?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text component="dt" fz="sm" c="dimmed">
        {label}
      </Text>
      <Text component="dd" m={0} fz="xl" fw={600}>
        {value}
      </Text>
      {detail ? (
        <Text component="dd" m={0} fz="sm" c="dimmed">
          {detail}
        </Text>
      ) : null}
    </Stack>
  );
}

/**
 * The preview offer's terms (screens.md "preview-offer"): the line
 * available, the APR as prime plus margin, variable, with its floor and cap,
 * the CLTV, and the draw and repayment periods. The APR and the CLTV are
 * the policy's for the line chosen (each line is priced at its own CLTV);
 * the fee and the payments are the amount picker's and the summary's.
 */
export function OfferTerms({ offer }: { offer: Offer }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 2 }} spacing="lg" verticalSpacing="lg" m={0}>
      <Term label="Line available" value={formatDollars(offer.maxLine)} detail={`Borrow from ${formatDollars(offer.minLine)} up to this amount.`} />
      <Term
        label="APR (variable)"
        value={formatRate(offer.apr)}
        detail={`Prime rate ${formatRate(offer.primeRate)} plus a margin of ${formatRate(offer.margin)}. It moves with the prime rate, never below ${formatRate(offer.rateFloor)} or above ${formatRate(offer.rateCap)}.`}
      />
      <Term
        label="Combined loan-to-value (CLTV)"
        value={formatFraction(offer.cltv)}
        detail="What you would owe on the home, this line included, as a share of its value."
      />
      <Term label="Draw period" value={`${offer.drawPeriodYears} years`} detail="Borrow, repay and borrow again; payments are interest only." />
      <Term label="Repayment period" value={`${offer.repaymentPeriodYears} years`} detail="No more draws; the balance is repaid in monthly payments." />
    </SimpleGrid>
  );
}
