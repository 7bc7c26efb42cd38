import { Button, Flex } from '@mantine/core';
import { Link } from 'react-router';

export type StepLink = { to: string; label?: string };

/**
 * Back and Continue through a flow whose order the server decides. On
 * phones they stack full width, Continue on top.
 */
export function StepNavigation({ back, next }: { back?: StepLink; next?: StepLink }) {
  return (
    <Flex
      component="nav"
      aria-label="Step"
      direction={{ base: 'column-reverse', sm: 'row' }}
      justify="space-between"
      gap="sm"
      mt="xl"
    >
      {back ? (
        <Button component={Link} to={back.to} variant="default" size="md">
          {back.label ?? 'Back'}
        </Button>
      ) : null}
      {next ? (
        <Button component={Link} to={next.to} size="md" ml={{ sm: 'auto' }}>
          {next.label ?? 'Continue'}
        </Button>
      ) : null}
    </Flex>
  );
}
