// ESLint (flat config). `npm run lint` runs it over src/, e2e/ and the
// build scripts; `make test` runs it in test-webapp.
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Code any feature may use.
const shared = ['./src/components', './src/lib', './src/api', './src/config'];
const features = ['application', 'auth', 'conditions', 'content', 'documents', 'portal', 'prequal'];

export default tseslint.config(
  {
    ignores: [
      'dist/',
      '.ssr-build/',
      '.size-build/',
      'node_modules/',
      'e2e/artifacts/',
      'test-results/',
      'playwright-report/',
      'blob-report/',
      '**/*.gen.ts',
      '**/*.gen.js',
      '**/*.gen.d.ts',
    ],
  },
  js.configs.recommended,
  // The syntax-only set. The type-aware one (recommendedTypeChecked) took the
  // lint from about 10 s to 30 s on 2 cores and reported 114 findings, most
  // of them `any` from JSON in tests and async functions without an await:
  // worth turning on once those are worked through.
  tseslint.configs.recommended,
  {
    rules: {
      // A name starting with _ is left out on purpose (`const { password: _password, ...rest } = values`).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.app.json' })],
    },
    rules: {
      // The folders of style.md: shared code (components, lib, api, config)
      // flows into features, features into app/, never sideways.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features.map((feature) => ({
              target: `./src/features/${feature}`,
              from: './src/features',
              except: [`./${feature}`],
              message: 'A feature imports shared code, never another feature: move what both need to components/, lib/ or api/, or compose them in app/.',
            })),
            {
              target: './src/features',
              from: './src/app',
              message: 'Features do not import app/: app/ composes features.',
            },
            {
              target: shared,
              from: './src/features',
              message: 'Shared code does not import features.',
            },
            {
              target: shared,
              from: './src/app',
              // routes.json is the generated page table, not app code; it
              // stays where the server embeds it and `make generate` writes it.
              except: ['./routes.json'],
              message: 'Shared code does not import app/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    // The two hook rules, not the plugin's React Compiler rules: the app is
    // not built with the compiler, they tripled the lint's time, and most of
    // what they reported was react-hook-form's `field` read as a ref.
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['e2e/**/*.ts', 'scripts/**/*.mjs', '*.config.{js,ts,cjs}'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
  },
);
