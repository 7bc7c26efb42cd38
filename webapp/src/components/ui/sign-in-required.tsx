import { Button, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';

/** What a page that needs a session shows to someone without one. */
export function SignInRequired({
  title,
  explanation,
  to,
  action,
}: {
  title: string;
  explanation: string;
  to: string;
  action: string;
}) {
  return (
    <Paper withBorder radius="lg" p={{ base: 'lg', sm: 48 }} mt="xl" bg="white">
      <Stack align="center" gap="sm" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden="true">
          <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
            <rect x="5" y="11" width="14" height="9" rx="2" />
            <path d="M8 11V8a4 4 0 0 1 8 0v3" />
          </svg>
        </ThemeIcon>
        <Title order={2} fz="lg">
          {title}
        </Title>
        <Text c="dimmed" maw={440}>
          {explanation}
        </Text>
        <Button component={Link} to={to} mt="xs">
          {action}
        </Button>
      </Stack>
    </Paper>
  );
}
