/// <reference types="vitest/config" />
import { fileURLToPath, URL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.API_TARGET ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/healthz': { target: apiTarget, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    // For scripts/bundle-report.mjs (scripts/prerender.mjs moves it out of dist).
    manifest: true,
    // No <link rel="modulepreload"> added by script for each dynamic import:
    // appending them cost the first page's hydration ~100 ms of main thread
    // on a throttled phone; the browser's module loader fetches each
    // chunk's imports itself, in parallel.
    modulePreload: false,
    // The server's Content-Security-Policy allows fonts and scripts from
    // 'self' only, so nothing is inlined as a data: URL.
    assetsInlineLimit: 0,
    target: 'es2022',
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The libraries every page needs, in one well-named chunk; the rest
          // (Mantine's components, page code) is split by what each page uses.
          groups: [{ name: 'framework', test: /node_modules[\\/](react|react-dom|react-router|scheduler|@tanstack)[\\/]/ }],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup-tests.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    restoreMocks: true,
    // A page test types as a person does (user-event, key by key). On 2
    // cores with a build beside it, the employment page's took 5.2 s and
    // failed at vitest's default of 5 s, though it was right.
    testTimeout: 15_000,
    // Both cores (vitest's default leaves one for itself, which on 2 cores
    // is one worker), and one jsdom page and module graph per worker
    // rather than per file: setting up jsdom and importing Mantine for each
    // of 62 files was most of the suite's time (232 s -> about 60 s on 2
    // cores). setup-tests.ts starts each file from the app's first state.
    maxWorkers: 2,
    isolate: false,
  },
});
