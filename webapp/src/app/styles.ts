// The app's style sheets, in cascade order (global.css last). Imported by
// src/main.tsx, so the built page links them in its head and paints styled
// before the app's code loads, and by the provider for every other entry.
import '@fontsource/poppins/400.css';
import '@fontsource/poppins/500.css';
import '@fontsource/poppins/600.css';
import '@fontsource/poppins/700.css';
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/nprogress/styles.css';
import './global.css';
