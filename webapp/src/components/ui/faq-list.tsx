import { Accordion } from '@mantine/core';

export type FaqItem = {
  question: string;
  answer: string;
};

/** Questions that open to their answers; each question is a heading of the given level. */
export function FaqList({ items, headingOrder = 2 }: { items: FaqItem[]; headingOrder?: 2 | 3 | 4 }) {
  return (
    <Accordion variant="separated" radius="md" order={headingOrder} mt="xl">
      {items.map((item) => (
        <Accordion.Item key={item.question} value={item.question}>
          <Accordion.Control>{item.question}</Accordion.Control>
          <Accordion.Panel>{item.answer}</Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}
