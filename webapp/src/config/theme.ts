import { createTheme, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// A calm teal-blue. Shade 7 (filled buttons, links) has 5.9:1 contrast with
// white and shade 6 (light variants) 5.4:1, both above WCAG AA's 4.5:1.
const harbor: MantineColorsTuple = [
  '#e7f4f6',
  '#cfe7eb',
  '#a0cfd7',
  '#6db5c2',
  '#449fb0',
  '#2a90a3',
  '#0d7486',
  '#0b6e7f',
  '#0a5f6e',
  '#074552',
];

// "Poppins Fallback" (webapp/index.html) is Arial scaled to Poppins' metrics:
// text shown before Poppins loads takes the room Poppins will, so the swap
// moves nothing.
const fontFamily =
  'Poppins, "Poppins Fallback", -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

export const theme = createTheme({
  // Spec §9: xs 0, sm 600, md 1000, lg 1200, xl 1536 px (Mantine takes em).
  breakpoints: { xs: '0em', sm: '37.5em', md: '62.5em', lg: '75em', xl: '96em' },
  fontFamily,
  headings: {
    fontFamily,
    fontWeight: '600',
    sizes: {
      h1: { fontSize: 'clamp(1.75rem, 1.3rem + 2vw, 2.5rem)', lineHeight: '1.2' },
      h2: { fontSize: 'clamp(1.375rem, 1.2rem + 0.8vw, 1.75rem)', lineHeight: '1.3' },
    },
  },
  colors: { harbor },
  primaryColor: 'harbor',
  primaryShade: 7,
  defaultRadius: 'md',
  focusRing: 'auto',
  cursorType: 'pointer',
  // A person who asks their system for less motion gets Mantine's
  // transitions (modals, menus, toasts, the progress bar) without it.
  respectReducedMotion: true,
  components: {
    // Links inside text are told apart by more than colour (WCAG 1.4.1);
    // navigation links opt out with underline="hover".
    Anchor: { defaultProps: { underline: 'always' } },
    Button: { defaultProps: { fw: 500 } },
    Container: { defaultProps: { size: 'lg' } },
    // Toasts' close button needs a name for screen readers.
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } },
  },
});

// Mantine's dimmed text (gray 6) is 3.3:1 on white; this gray is 5.9:1.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#5c6670',
    '--mantine-color-placeholder': '#6b747d',
    // Mantine's error red (red 6) is 3.6:1 on white; red 9 is 5.9:1, for
    // the messages beside fields and the text of an invalid input.
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  },
  dark: {},
});
