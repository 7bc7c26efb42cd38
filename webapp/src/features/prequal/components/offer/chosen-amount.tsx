import { SimpleGrid, Stack, Text } from '@mantine/core';


import type { Offer } from '../../api/get-quote';
import { formatCents, formatDollars } from '@/lib/format';

function Term({ term, value, detail }: { term: string; value: string; detail?: string }) {
  return (
    <Stack gap={2}>
      <Text component="dt" fz="sm" c="dimmed">
        {term}
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
 * The line chosen on the preview offer (the policy's line for the saved
 * amount) with the policy's monthly payments and fee on it, read only.
 */
export function ChosenAmount({ offer, amount }: { offer: Offer; amount: number }) {
  const { payments } = offer;
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2, md: 4 }} spacing="lg" m={0}>
      <Term term="Amount you chose" value={formatDollars(offer.line ?? amount)} />
      <Term term="Monthly payment, draw period" value={payments ? formatCents(payments.drawPaymentCents) : '—'} detail="Interest only" />
      <Term
        term="Monthly payment, repayment"
        value={payments ? formatCents(payments.repaymentPaymentCents) : '—'}
        detail={`Over ${offer.repaymentPeriodYears} years`}
      />
      {offer.originationFee === undefined ? null : (
        <Term term="Origination fee" value={formatDollars(offer.originationFee)} detail="Charged once when the line opens" />
      )}
    </SimpleGrid>
  );
}
