import { Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

function Icon({ d }: { d: string }) {
  return (
    <ThemeIcon size={44} radius="md" variant="light" aria-hidden="true">
      <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d={d} />
      </svg>
    </ThemeIcon>
  );
}

const benefits: { title: string; text: string; icon: ReactNode }[] = [
  {
    title: 'Borrow against your equity',
    text: 'Use the value you have built in your home for renovations, education or paying down higher-rate debt.',
    icon: <Icon d="M3 11 12 4l9 7M5 10v10h14V10M10 20v-6h4v6" />,
  },
  {
    title: 'Pay interest only on what you use',
    text: 'Draw what you need, when you need it, during the draw period. Interest is charged only on the balance you have drawn.',
    icon: <Icon d="M12 3v18M17 7H9.5a3 3 0 0 0 0 6h5a3 3 0 0 1 0 6H6" />,
  },
  {
    title: 'Apply online, at your pace',
    text: 'See a preview offer first, then upload documents and sign your disclosures online from any device.',
    icon: <Icon d="M4 5h16v11H4zM2 19h20M9 10l2 2 4-4" />,
  },
];

export function BenefitCards() {
  return (
    <Container component="section" aria-labelledby="benefits-title" py={{ base: 48, md: 72 }}>
      <Stack gap="xl">
        <Title order={2} id="benefits-title">
          Why homeowners choose a line of credit
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          {benefits.map((b) => (
            <Card key={b.title} withBorder radius="lg" padding="xl">
              <Stack gap="sm">
                {b.icon}
                <Title order={3} fz="lg">
                  {b.title}
                </Title>
                <Text c="gray.8" fz="sm">
                  {b.text}
                </Text>
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
