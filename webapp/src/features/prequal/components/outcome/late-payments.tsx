import { List, Stack, Text, Title } from '@mantine/core';

import { formatDate } from '@/lib/format';

import { useCreditReport } from '../../api/get-credit-report';

/**
 * The late mortgage payments on the applicant's credit report, as the
 * bureau reported them (creditor, days late, date): with the look-back the
 * reason names, when the answer can change. Nothing shows without a report
 * or a late payment on it.
 */
export function LatePayments({ signedIn }: { signedIn: boolean }) {
  const report = useCreditReport({ enabled: signedIn });
  const late = (report.data?.mortgages ?? []).filter((m) => m.latePaymentDays > 0);
  if (late.length === 0) return null;
  return (
    <Stack gap="xs" component="section" aria-labelledby="late-payments">
      <Title order={2} fz="xl" id="late-payments">
        On your credit report
      </Title>
      <List spacing="xs">
        {late.map((m) => (
          <List.Item key={m.id}>
            {m.creditor}: a payment {m.latePaymentDays} days late
            {m.latePaymentDate ? (
              <>
                {' '}
                on <time dateTime={m.latePaymentDate}>{formatDate(m.latePaymentDate)}</time>
              </>
            ) : null}
            .
          </List.Item>
        ))}
      </List>
      <Text fz="sm" c="dimmed">
        If this is wrong, correct it on the mortgage page or dispute it with the credit bureau named in your notice.
      </Text>
    </Stack>
  );
}
