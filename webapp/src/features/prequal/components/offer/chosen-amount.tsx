import { SimpleGrid, Stack, Text } from '@mantine/core';

import type { Offer } from '../../api/get-quote';
import { formatDollars, formatPayment } from './offer-format';
import { monthlyPayments } from './payment-math';

/** The amount chosen on the preview offer and its estimated monthly payments, read only. */
export function ChosenAmount({ offer, amount }: { offer: Offer; amount: number }) {
  const payments = monthlyPayments({ amount, apr: offer.apr, repaymentYears: offer.repaymentPeriodYears });
  return (
    <SimpleGrid component="dl" cols={{ base: 1, xs: 3 }} spacing="lg" m={0}>
      <Stack gap={2}>
        <Text component="dt" fz="sm" c="dimmed">
          Amount you chose
        </Text>
        <Text component="dd" m={0} fz="xl" fw={600}>
          {formatDollars(amount)}
        </Text>
      </Stack>
      <Stack gap={2}>
        <Text component="dt" fz="sm" c="dimmed">
          Monthly payment, draw period
        </Text>
        <Text component="dd" m={0} fz="xl" fw={600}>
          {formatPayment(payments.draw)}
        </Text>
        <Text component="dd" m={0} fz="sm" c="dimmed">
          Interest only
        </Text>
      </Stack>
      <Stack gap={2}>
        <Text component="dt" fz="sm" c="dimmed">
          Monthly payment, repayment
        </Text>
        <Text component="dd" m={0} fz="xl" fw={600}>
          {formatPayment(payments.repayment)}
        </Text>
        <Text component="dd" m={0} fz="sm" c="dimmed">
          Over {offer.repaymentPeriodYears} years
        </Text>
      </Stack>
    </SimpleGrid>
  );
}
