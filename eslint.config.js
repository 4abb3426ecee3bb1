import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';

// One money and number voice (issue 28): amounts reach people only through src/shared/money.ts
// (formatZAR) and other figures through src/shared/numbers.ts, both en-ZA. A machine-readable
// amount (PayFast's wire format, a CSV cell, a form field's value) is `centsToDecimalString`.
const handMadeFigures = [
  {
    selector: "CallExpression[callee.property.name='toFixed'][arguments.0.value=2]",
    message:
      'toFixed(2) makes an amount by hand: show it with formatZAR (money.ts), or write a machine-readable one with centsToDecimalString.',
  },
  // An "R" before an interpolated or added value, or written with its cents ("R0.00", "R 1 499,00").
  // Round figures in prose ("a CIPC fee of R 50", "R2,3 million") are words, not amounts shown.
  ...[
    'TemplateElement[tail=false][value.cooked=/(^|\\W)R\\s?$/]',
    "BinaryExpression[operator='+'][left.value=/(^|\\W)R\\s?$/]",
    ...['Literal[value', 'JSXText[value', 'TemplateElement[value.cooked'].map(
      (node) => `${node}=/(^|\\W)R\\s?[0-9][0-9\\s]*[.,][0-9][0-9]($|[^0-9])/]`,
    ),
  ].map((selector) => ({
    selector,
    message: 'A hand-made "R" amount: write it with formatZAR (src/shared/money.ts).',
  })),
];
const figureModules = [
  'src/shared/money.ts',
  'src/shared/numbers.ts',
  // PayFast's wire format ("1234.50", a minus sign for a fee): its own tested module.
  'src/server/integrations/payfast/amounts.ts',
];

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
              'coupons',
              'customers',
              'domains',
              'marketing',
              'orders',
              'payments',
              'reports',
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
    files: ['src/**/*.{ts,tsx}'],
    ignores: [...figureModules, 'src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-syntax': ['error', ...handMadeFigures] },
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
        // A rule's options replace the ones above for these files: keep the money rules too.
        ...handMadeFigures,
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
