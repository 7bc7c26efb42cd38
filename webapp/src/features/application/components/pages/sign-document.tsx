import { Box, List, Text, Title } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';

// A disclosure's text (Markdown as the server renders it: headings, lists,
// paragraphs, **bold**) shown as it reads, in a box of its own that scrolls
// and takes focus, so the whole of it can be read by keyboard. The box is a
// region named by the document.

type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'paragraph'; lines: string[] };

/** The blocks of a Markdown text: "#" headings, "-" and "1." lists, paragraphs of lines. */
export function blocksOf(body: string): Block[] {
  const blocks: Block[] = [];
  for (const raw of body.split('\n')) {
    const line = raw.trimEnd();
    const last = blocks[blocks.length - 1];
    const heading = /^(#{1,4}) (.*)$/.exec(line);
    const bullet = /^- (.*)$/.exec(line);
    const numbered = /^\d+\. (.*)$/.exec(line);
    if (line === '') {
      blocks.push({ kind: 'paragraph', lines: [] });
    } else if (heading) {
      blocks.push({ kind: 'heading', level: heading[1]!.length, text: heading[2]! });
    } else if (bullet || numbered) {
      const ordered = !!numbered;
      const text = (bullet ?? numbered)![1]!;
      if (last?.kind === 'list' && last.ordered === ordered) last.items.push(text);
      else blocks.push({ kind: 'list', ordered, items: [text] });
    } else if (last?.kind === 'paragraph') {
      last.lines.push(line);
    } else {
      blocks.push({ kind: 'paragraph', lines: [line] });
    }
  }
  return blocks.filter((b) => b.kind !== 'paragraph' || b.lines.length > 0);
}

/** A line's text with its **bold** parts. */
function inline(text: string): ReactNode {
  return text.split(/(\*\*[^*]+\*\*)/).map((part, i) =>
    part.startsWith('**') && part.endsWith('**') ? <strong key={i}>{part.slice(2, -2)}</strong> : <Fragment key={i}>{part}</Fragment>,
  );
}

/**
 * The text of a document. Its own title (the first heading, shown by the
 * page above the box) is not repeated; the other headings sit under the
 * page's h2 for the document.
 */
export function DocumentText({ title, body }: { title: string; body: string }) {
  const blocks = blocksOf(body).filter((b, i) => !(i === 0 && b.kind === 'heading' && b.level === 1 && b.text.toLowerCase() === title.toLowerCase()));
  return (
    <>
      {blocks.map((b, i) => {
        if (b.kind === 'heading') {
          return (
            <Title key={i} order={(Math.min(b.level + 2, 6) as 3 | 4 | 5 | 6)} fz={b.level <= 1 ? 'md' : 'sm'} mt="sm">
              {b.text}
            </Title>
          );
        }
        if (b.kind === 'list') {
          return (
            <List key={i} type={b.ordered ? 'ordered' : 'unordered'} spacing={4} fz="sm" withPadding>
              {b.items.map((item, j) => (
                <List.Item key={j}>{inline(item)}</List.Item>
              ))}
            </List>
          );
        }
        return (
          <Text key={i} fz="sm">
            {b.lines.map((line, j) => (
              <Fragment key={j}>
                {j > 0 ? <br /> : null}
                {inline(line)}
              </Fragment>
            ))}
          </Text>
        );
      })}
    </>
  );
}

/** The document's full text in a scrollable, focusable region named by label. */
export function DocumentRegion({ label, title, body, id }: { label: string; title: string; body: string; id?: string }) {
  return (
    <Box
      id={id}
      role="region"
      aria-label={label}
      tabIndex={0}
      p="md"
      style={{
        maxHeight: '22rem',
        overflowY: 'auto',
        border: '1px solid var(--mantine-color-gray-4)',
        borderRadius: 'var(--mantine-radius-md)',
        background: 'var(--mantine-color-body)',
      }}
    >
      <Box style={{ display: 'flex', flexDirection: 'column', gap: 'var(--mantine-spacing-xs)' }}>
        <DocumentText title={title} body={body} />
      </Box>
    </Box>
  );
}
