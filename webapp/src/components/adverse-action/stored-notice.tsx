import { Skeleton, Stack, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';

import type { useAdverseAction } from '@/api/get-adverse-action';
import { QueryError } from '@/components/ui/query-error';

import { AdverseActionNotice } from './adverse-action-notice';

/**
 * The loan's stored notice of action taken (prequal.adverseAction): a
 * placeholder while it loads, the error with Try again, the notice, or
 * `none` when the loan has none yet.
 */
export function StoredNotice({ notice, none }: { notice: ReturnType<typeof useAdverseAction>; none: ReactNode }) {
  if (notice.isPending) {
    return (
      <Stack gap="xs">
        <VisuallyHidden role="status">Loading your notice</VisuallyHidden>
        <Skeleton h={24} w="50%" aria-hidden="true" />
        <Skeleton h={120} aria-hidden="true" />
      </Stack>
    );
  }
  if (notice.isError) return <QueryError title="We couldn’t load your notice" error={notice.error} onRetry={() => void notice.refetch()} />;
  if (notice.data) return <AdverseActionNotice notice={notice.data} />;
  return <>{none}</>;
}
