import { SimpleGrid, Text } from '@mantine/core';

/** Terms and their values as a description list, two columns from the sm breakpoint. */
export function FactList({ facts }: { facts: [string, string][] }) {
  return (
    <SimpleGrid component="dl" cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="sm" m={0}>
      {facts.map(([term, value]) => (
        <div key={term}>
          <Text component="dt" fz="sm" c="dimmed">
            {term}
          </Text>
          <Text component="dd" m={0} fw={500} style={{ overflowWrap: 'anywhere' }}>
            {value}
          </Text>
        </div>
      ))}
    </SimpleGrid>
  );
}
