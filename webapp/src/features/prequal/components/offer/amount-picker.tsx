import { Alert, Button, NumberInput, SimpleGrid, Slider, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';


import type { Offer } from '../../api/get-quote';
import { formatCents, formatDollars } from '@/lib/format';

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
 * The policy's figures for the amount being chosen: the offer priced on it
 * (undefined until the first answer), whether newer figures are on their
 * way (the shown ones are then the last amount's), and a load that failed.
 */
export type Priced = {
  offer: Offer | undefined;
  loading: boolean;
  error: Error | null;
  retry: () => void;
};

/** One figure; `stale`: the last amount's, shown dimmed until the next come. */
function Figure({ term, value, detail, testId, stale }: { term: string; value: string; detail: string; testId: string; stale: boolean }) {
  return (
    <Stack gap={2}>
      <Text component="dt" fz="sm" c="dimmed">
        {term}
      </Text>
      <Text component="dd" m={0} fz="xl" fw={600} data-testid={testId} style={{ opacity: stale ? 0.55 : 1, transition: 'opacity 120ms' }}>
        {value}
      </Text>
      <Text component="dd" m={0} fz="sm" c="dimmed">
        {detail}
      </Text>
    </Stack>
  );
}

/**
 * How much to borrow, between the offer's smallest and largest line (a
 * slider and a currency field that follow each other), and what the policy
 * computed for that line (heloc.offer.preview with the requested line): the
 * monthly payment in the draw period (interest only) and in repayment, and
 * the origination fee. The page computes nothing: while the next figures
 * load, the last ones stay, dimmed. `amount` is null while the field is empty.
 */
export function AmountPicker({
  offer,
  amount,
  onChange,
  priced,
}: {
  offer: Offer;
  amount: number | null;
  onChange: (amount: number | null) => void;
  priced: Priced;
}) {
  const headingId = useId();
  const error = amountError(amount, offer);
  const shown = error ? undefined : priced.offer;
  const payments = shown?.payments;
  const line = shown?.line;
  const stale = !error && (priced.loading || shown === undefined);
  const apr = shown?.apr ?? offer.apr;

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
      {stale ? <VisuallyHidden role="status">Working out the payments for {formatDollars(amount!)}</VisuallyHidden> : null}
      {priced.error && !error ? (
        <Alert color="red" variant="light" role="alert" title="We couldn’t work out the payments for this amount">
          <Button size="xs" variant="default" onClick={priced.retry}>
            Try again
          </Button>
        </Alert>
      ) : null}
      <SimpleGrid
        component="dl"
        cols={{ base: 1, sm: 3 }}
        spacing="md"
        m={0}
        aria-busy={stale}
        aria-live="polite"
        data-testid="amount-figures"
      >
        <Figure
          term="Monthly payment in the draw period"
          value={payments ? formatCents(payments.drawPaymentCents) : '—'}
          detail={`Interest only, for ${offer.drawPeriodYears} years, if you draw it all.`}
          testId="draw-payment"
          stale={stale}
        />
        <Figure
          term="Monthly payment in repayment"
          value={payments ? formatCents(payments.repaymentPaymentCents) : '—'}
          detail={`Principal and interest over ${offer.repaymentPeriodYears} years.`}
          testId="repayment-payment"
          stale={stale}
        />
        <Figure
          term="Origination fee"
          value={shown?.originationFee !== undefined ? formatDollars(shown.originationFee) : '—'}
          detail={line !== undefined ? `On a line of ${formatDollars(line)}, charged once when it opens.` : 'Charged once when the line opens.'}
          testId="origination-fee"
          stale={stale}
        />
      </SimpleGrid>
      <Text fz="xs" c="dimmed">
        Payments at today’s APR of {apr.toFixed(2)}%. The rate is variable, so payments change with the prime rate.
      </Text>
    </Stack>
  );
}
