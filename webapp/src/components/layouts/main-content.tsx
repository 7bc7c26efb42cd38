import { Box, type BoxProps } from '@mantine/core';
import type { ReactNode } from 'react';

export const MAIN_CONTENT_ID = 'main-content';

/** The page's main landmark: the skip link's target, focused after a route change. */
export function MainContent({ children, ...props }: BoxProps & { children: ReactNode }) {
  return (
    <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} style={{ flex: 1 }} {...props}>
      {children}
    </Box>
  );
}
