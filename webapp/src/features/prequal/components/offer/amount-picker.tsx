import { NumberInput, SimpleGrid, Slider, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';

import type { Offer } from '../../api/get-quote';
import { formatDollars, formatPayment } from './offer-format';
import { monthlyPayments } from './payment-math';

/** The slider moves in steps of this many dollars; the field takes any whole amount. */
const SLIDER_STEP = 1_000;

/** The message for an amount outside the offer, or null when it is inside. */
export function amountError(amount: number | null, offer: Pick<Offer, 'minLine' | 'maxLine'>): string | null {
  if (amount === null) return `Enter an amount from ${formatDollars(offer.minLine)} to ${formatDollars(offer.maxLine)}.`;
  if (amount < offer.minLine || amount > offer.maxLine)
    return `Choose an amount from ${formatDollars(offer.minLine)} to ${formatDollars(offer.maxLine)}.`;
  return null;
}

/**
 * How much to borrow, between the offer's smallest and largest line (a
 * slider and a currency field that follow each other), and the estimated
 * monthly payment on it in the draw period (interest only) and in
 * repayment. `amount` is null while the field is empty.
 */
export function AmountPicker({
  offer,
  amount,
  onChange,
}: {
  offer: Offer;
  amount: number | null;
  onChange: (amount: number | null) => void;
}) {
  const headingId = useId();
  const error = amountError(amount, offer);
  const payments = monthlyPayments({ amount: error ? 0 : amount!, apr: offer.apr, repaymentYears: offer.repaymentPeriodYears });

  return (
    <Stack gap="md" component="section" aria-labelledby={headingId}>
      <Title order={2} fz="xl" id={headingId}>
        Choose how much to borrow
      </Title>
      <NumberInput
        label="Amount to borrow"
        description={`From ${formatDollars(offer.minLine)} to ${formatDollars(offer.maxLine)}.`}
        inputMode="numeric"
        prefix="$"
        thousandSeparator=","
        allowDecimal={false}
        allowNegative={false}
        hideControls
        value={amount ?? ''}
        error={error}
        onChange={(v) => onChange(typeof v === 'number' ? v : v === '' ? null : Number(String(v).replace(/\D/g, '')) || null)}
        maw={320}
      />
      <Slider
        min={offer.minLine}
        max={offer.maxLine}
        step={SLIDER_STEP}
        value={amount !== null && !error ? amount : offer.minLine}
        onChange={(v) => onChange(Math.min(offer.maxLine, Math.max(offer.minLine, v)))}
        label={formatDollars}
        thumbLabel="Amount to borrow"
        thumbValueText={formatDollars}
        marks={[
          { value: offer.minLine, label: formatDollars(offer.minLine) },
          { value: offer.maxLine, label: formatDollars(offer.maxLine) },
        ]}
        mb="xl"
        mx={{ base: 'md', sm: 'xl' }}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" aria-live="polite">
        <Stack gap={2}>
          <Text fz="sm" c="dimmed">
            Monthly payment in the draw period
          </Text>
          <Text fz="xl" fw={600} data-testid="draw-payment">
            {error ? '—' : formatPayment(payments.draw)}
          </Text>
          <Text fz="sm" c="dimmed">
            Interest only, for {offer.drawPeriodYears} years, if you draw it all.
          </Text>
        </Stack>
        <Stack gap={2}>
          <Text fz="sm" c="dimmed">
            Monthly payment in repayment
          </Text>
          <Text fz="xl" fw={600} data-testid="repayment-payment">
            {error ? '—' : formatPayment(payments.repayment)}
          </Text>
          <Text fz="sm" c="dimmed">
            Principal and interest over {offer.repaymentPeriodYears} years.
          </Text>
        </Stack>
      </SimpleGrid>
      <Text fz="xs" c="dimmed">
        Estimates at today’s APR of {offer.apr.toFixed(2)}%. The rate is variable, so payments change with the prime rate.
      </Text>
    </Stack>
  );
}
