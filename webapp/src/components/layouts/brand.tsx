import { Group, Text, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';

import { useProductName } from '@/api/get-system-info';
import { paths } from '@/config/paths';

function Mark({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false" style={{ flex: 'none' }}>
      <rect width="32" height="32" rx="8" fill="var(--mantine-color-harbor-7)" />
      <path d="M16 6 5 15h3v11h6v-7h4v7h6V15h3z" fill="#fff" />
    </svg>
  );
}

/** The logo: the product's mark and name, linking home. */
/** With `markOnPhone`, a phone shows the mark alone (the link keeps its name), leaving the header's room to what sits beside it. */
export function Brand({ inverted = false, markOnPhone = false }: { inverted?: boolean; markOnPhone?: boolean }) {
  const name = useProductName();
  return (
    <UnstyledButton component={Link} to={paths.home} aria-label={`${name}, home`} style={{ borderRadius: 8, minWidth: 0 }}>
      <Group gap={10} wrap="nowrap" miw={0}>
        <Mark />
        {/* On a phone the name may take two lines (global.css .brand-name), so that what sits beside it keeps its room. */}
        <Text
          className="brand-name"
          fw={600}
          fz={{ base: 15, sm: 'lg' }}
          c={inverted ? 'white' : 'harbor.9'}
          lh={1.2}
          visibleFrom={markOnPhone ? 'sm' : undefined}
        >
          {name}
        </Text>
      </Group>
    </UnstyledButton>
  );
}
