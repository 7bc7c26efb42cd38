import { Alert, Anchor, List, Text } from '@mantine/core';
import { Link, useLocation } from 'react-router';

import { INITIAL_SETUP_PREFIX, LANDING_PREFIX, paths, PREQUAL_PREFIX } from '@/config/paths';

import type { MissingFact } from '../../api/decision';

/**
 * The path of a funnel page by its slug, as the policy names it: in the
 * funnel being walked when it has the page, else the first funnel that does
 * (the /prequal path has no page for the home's value: the initial setup's
 * asks it). Undefined for a slug no funnel has.
 */
export function funnelPagePath(slug: string, pathname: string): string | undefined {
  const funnels = [paths.initialSetup, paths.prequal, paths.landing];
  const here = pathname.startsWith(PREQUAL_PREFIX)
    ? paths.prequal
    : pathname.startsWith(LANDING_PREFIX)
      ? paths.landing
      : pathname.startsWith(INITIAL_SETUP_PREFIX)
        ? paths.initialSetup
        : undefined;
  for (const funnel of here ? [here, ...funnels] : funnels) if (funnel[slug]) return funnel[slug];
  return undefined;
}

/**
 * A decision that lacks answers (outcome notDecided): not a "no", a
 * question. Each missing fact is named in the policy's words and linked to
 * the page that asks it.
 */
export function MissingAnswers({ missing, intro }: { missing: MissingFact[]; intro: string }) {
  const { pathname } = useLocation();
  return (
    <Alert variant="light" color="harbor" title="We need a few more answers">
      <Text fz="sm">{intro}</Text>
      {missing.length > 0 ? (
        <List fz="sm" mt="xs" spacing={4}>
          {missing.map((m) => {
            const to = m.page ? funnelPagePath(m.page, pathname) : undefined;
            return (
              <List.Item key={m.fact}>
                {to ? (
                  <Anchor component={Link} to={to}>
                    {m.label}
                  </Anchor>
                ) : (
                  m.label
                )}
              </List.Item>
            );
          })}
        </List>
      ) : null}
    </Alert>
  );
}
