import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'dist',
      '.dist-builds',
      'node_modules',
      'data',
      'test-results',
      'playwright-report',
      'src/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ alwaysTryTypes: true })],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'import-x/no-cycle': 'error',
      // Imports flow one way (DESIGN.md): shared ← db ← server; the client imports shared only;
      // a client feature never imports another feature (they are composed in app/).
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/shared',
              from: ['./src/db', './src/server', './src/client'],
              message: 'src/shared is isomorphic: it imports nothing from db, server or client.',
            },
            {
              target: './src/db',
              from: ['./src/server', './src/client'],
              message: 'src/db imports only from src/shared.',
            },
            {
              target: './src/server',
              from: './src/client',
              message: 'The server never imports client code.',
            },
            {
              target: './src/client',
              from: ['./src/server', './src/db'],
              message: 'The client imports src/shared only, never server or database code.',
            },
            ...[
              'account',
              'admin',
              'admin-auth',
              'auth',
              'domains',
              'marketing',
              'orders',
              'payments',
              'requests',
            ].map((feature) => ({
              target: `./src/client/features/${feature}`,
              from: './src/client/features',
              except: [`./${feature}`],
              message: 'A client feature never imports another feature: compose them in app/.',
            })),
          ],
        },
      ],
    },
  },
  {
    // DESIGN.md 6: the client reaches each endpoint through one file, its feature's api/ folder
    // (or lib/api/ for a call several features make), which holds its URL and its query key.
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: [
      'src/client/features/*/api/**',
      'src/client/lib/api/**',
      'src/client/lib/api-client.ts',
      'src/client/lib/api-client.test.ts',
    ],
    rules: {
      'no-restricted-syntax': [
        'error',
        // esquery regexes cannot hold a slash: \u002F is one.
        ...[
          'Literal[value=/^\\u002Fapi\\u002F/]',
          'TemplateLiteral[quasis.0.value.raw=/^\\u002Fapi\\u002F/]',
        ].map((selector) => ({
          selector,
          message:
            'An /api/ URL lives only in its endpoint file (features/<feature>/api/ or lib/api/): call its fetcher or hook.',
        })),
        {
          selector: "Property[key.name='queryKey']",
          message:
            'A query key lives only in its endpoint file: use its queryOptions factory (or hook) instead.',
        },
      ],
    },
  },
  {
    // A server feature changes another feature's data only through that feature's service: its
    // routes, mails and helpers are its own (DESIGN.md, issue 12).
    files: ['src/server/features/**/*.ts'],
    ignores: ['src/server/features/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^\\.\\./[^./][^/]*/(?![^/]*\\.service\\.ts$)',
              message:
                'Reach another server feature only through its *.service.ts, never its routes or internals.',
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures call their parameter `use`, which is not React's hook.
    files: ['tests/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  {
    files: ['src/shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['node:*', 'react', 'react-dom', 'drizzle-orm', 'drizzle-orm/*'],
              message: 'src/shared is isomorphic: zod and plain TypeScript only.',
            },
          ],
        },
      ],
    },
  },
);
