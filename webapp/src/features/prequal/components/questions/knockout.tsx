import { Alert, Button, List, Stack, Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

import { outcomeOf, type Reason } from '../../api/decision';
import type { PrequalAnswers } from '../../api/get-answers';
import { knockout } from '../../api/knockout';

/**
 * The /prequal path's knockout: after its page is saved, the answers are
 * decided by the rules on the server (prequal.knockout). A refusal keeps
 * the page, with the rules' reasons; anything else goes on. A missing
 * answer is the rules' notDecided, never a refusal: it goes on as well
 * (the page's own form has asked for it).
 */
export function useKnockout() {
  const [refusal, setRefusal] = useState<Reason[] | null>(null);
  const decide = useCallback(async (saved: PrequalAnswers): Promise<'next' | 'stay'> => {
    const d = await knockout({
      ...(typeof saved.listedForSale === 'boolean' ? { listedForSale: saved.listedForSale } : {}),
      ...(saved.fbm ? { fbm: saved.fbm } : {}),
    });
    if (outcomeOf(d) === 'ineligible') {
      setRefusal((d.reasons ?? []).filter((r) => r.code !== 'NOT_DECIDED'));
      return 'stay';
    }
    setRefusal(null);
    return 'next';
  }, []);
  return { refusal, decide };
}

/** The rules' refusal of a /prequal answer, in their words, with the way to change the answer or leave. */
export function KnockoutRefusal({ reasons }: { reasons: Reason[] }) {
  return (
    <Alert color="orange" variant="light" role="alert" title="We can’t offer a line on this home" styles={{ title: { color: 'var(--mantine-color-text)' } }}>
      <Stack gap="xs">
        <List fz="sm" spacing={4}>
          {reasons.map((r) => (
            <List.Item key={r.code}>{r.message}</List.Item>
          ))}
        </List>
        <Text fz="sm">If you answered by mistake, change your answer below and continue.</Text>
        <Button component={Link} to={paths.home} variant="default" size="sm" w="fit-content">
          Back to the home page
        </Button>
      </Stack>
    </Alert>
  );
}
