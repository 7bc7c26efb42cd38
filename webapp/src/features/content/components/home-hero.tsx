import { Box, Button, Container, Group, List, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { Link } from 'react-router';

import { paths } from '@/config/paths';

const steps = [
  { title: 'Tell us about your home', text: 'Its value, what you owe on it, and how you use it.' },
  { title: 'See your preview offer', text: 'Your line amount, rate and fee, after a soft credit check.' },
  { title: 'Apply online', text: 'Finish the application, upload documents and sign from any device.' },
];

export function HomeHero() {
  return (
    <Box
      component="section"
      aria-labelledby="home-hero-title"
      style={{ background: 'linear-gradient(180deg, var(--mantine-color-harbor-0) 0%, #fff 100%)' }}
    >
      <Container pt={{ base: 40, md: 80 }} pb={{ base: 40, md: 56 }}>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 40, md: 64 }} verticalSpacing={40}>
          <Stack gap="lg" justify="center">
            <Text fz="sm" fw={600} c="harbor.8" tt="uppercase" style={{ letterSpacing: '0.06em' }}>
              Home equity line of credit
            </Text>
            <Title order={1} id="home-hero-title" fz={{ base: 32, sm: 44 }} lh={1.15}>
              Check your rate in minutes, with no impact on your credit score
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="gray.8" maw={540}>
              Answer a few questions about your home and see a preview offer. Checking your rate uses a soft credit
              inquiry, which does not affect your credit score.
            </Text>
            <Group gap="sm">
              <Button component={Link} to={paths.landing.name!} size="lg">
                Check your rate
              </Button>
              <Button component={Link} to={paths.faq} size="lg" variant="subtle">
                How a HELOC works
              </Button>
            </Group>
          </Stack>
          <Paper
            withBorder
            radius="lg"
            p={{ base: 'lg', sm: 'xl' }}
            shadow="sm"
            component="aside"
            aria-labelledby="how-it-works"
            style={{ alignSelf: 'center' }}
          >
            <Title order={2} id="how-it-works" fz="xl" mb="lg">
              How it works
            </Title>
            <List type="ordered" spacing="lg" listStyleType="none" p={0} m={0}>
              {steps.map((step, i) => (
                <List.Item
                  key={step.title}
                  icon={
                    <ThemeIcon size={32} radius="xl" variant="light" aria-hidden="true">
                      <Text fw={600} fz="sm">
                        {i + 1}
                      </Text>
                    </ThemeIcon>
                  }
                >
                  <Text fw={600}>{step.title}</Text>
                  <Text fz="sm" c="dimmed">
                    {step.text}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Paper>
        </SimpleGrid>
      </Container>
    </Box>
  );
}
