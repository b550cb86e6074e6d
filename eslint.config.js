import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import i18next from 'eslint-plugin-i18next';
import { readFileSync } from 'node:fs';

// Type-aware rules (no-floating-promises, no-misused-promises) need a TypeScript program for each
// file; a file is linted with the first of these that holds it. The server and the web app resolve
// modules differently, so each has its own; the build tsconfigs leave the tests out and
// tsconfig.lint.json puts them back. Every program costs seconds to build, so shared/ is linted in
// the web app's (it already compiles shared/src; same DOM lib as shared's own tsconfig).
const typedProjects = [
  './packages/web/tsconfig.lint.json', // packages/web/src and packages/shared/src
  './packages/server/tsconfig.lint.json',
  './tsconfig.eslint.json', // e2e/, playwright.config.ts, vitest.config.ts, packages/web/vite.config.ts
];

// The server's feature folders: each serves one area of the product through its routes (a new
// feature folder joins this list).
const SERVER_FEATURES = (
  'accounts annotations async charts dashboards databases datasets embedded examples explore log maps permalinks preferences ' +
  'reports rls savedqueries sqllab tabstate tags thumbnails timerange uploads versions'
).split(' ');

// What the chart data engine (packages/server/src/chartdata/) takes from feature folders: nothing of
// saved charts (charts/), and only the few files below. Anything else it needs is moved down into a shared room, or handed in.
// Who may read what (datasets, dashboards, guests) is not a feature: it is the shared room access/.
const CHARTDATA_FEATURE_IMPORTS = [
  'datasets/(present|service)', // the dataset a query reads
  'rls/apply', // row level security clauses
  'annotations/(rules|service)', // a query's native annotation layers (annotations.ts)
];

const I18N_PENDING = JSON.parse(readFileSync(new URL('./packages/web/src/i18n/pending.json', import.meta.url), 'utf8')).pending;

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'test-results/**', 'playwright-report/**', '.rama-test/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { project: typedProjects, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      // An async onClick/onChange in JSX is fine: React ignores the returned promise.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
    },
  },
  {
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['packages/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // Issue 30 item 4: no hard-coded user-visible text in components. JSX text and the attributes a
  // user reads (or hears, from a screen reader) come from the language files; the checks in
  // packages/web/src/i18n/locales.test.ts cover object fields (menu items, options) and toasts.
  {
    files: ['packages/web/src/**/*.tsx'],
    ignores: ['packages/web/src/**/*.test.tsx', ...I18N_PENDING.map((folder) => `packages/web/src/${folder}/**`)],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: [
              'title',
              'label',
              'placeholder',
              'alt',
              'aria-label',
              'aria-description',
              'aria-valuetext',
              'tooltip',
              'okText',
              'cancelText',
              'description',
              'message',
              'content',
              'help',
              'extra',
              'emptyText',
              'addonBefore',
              'addonAfter',
              'checkedChildren',
              'unCheckedChildren',
              'header',
              'footer',
              'text',
              'subTitle',
              'tip',
              'children',
            ],
          },
          words: { exclude: ['[0-9!-/:-@[-`{-~\\s·•–—…×→←↑↓⌘⇧⏎]+', '[A-Z_-]+', 'Rama'] },
        },
      ],
    },
  },
  // Issue 29: the layers hold. The server's shared rooms (execution/ runs SQL, transfer/ reads and
  // writes zip/YAML bundles, queue/ is the Redis and BullMQ plumbing, http/ the request helpers,
  // workers/ the pool of worker threads and child processes, security/ principals, sessions,
  // tokens and keys, access/ who may see which database, dataset, dashboard and chart, guests
  // included) import no feature folder: a feature uses them, never the other way round. What a room needs from a feature is handed in
  // (http/auth.ts takes the guest resolver from app.ts). Tests may set up whatever they test with.
  // packages/shared imports neither the server nor the web app.
  {
    files: ['packages/server/src/{execution,transfer,queue,http,net,workers,security,access}/**/*.ts'],
    ignores: ['packages/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(${SERVER_FEATURES.join('|')})(/|$)`,
              message:
                'A shared server room (execution/, transfer/, queue/, http/, net/, workers/, security/, access/) imports no feature folder: move what it needs down, or hand it in.',
            },
          ],
        },
      ],
    },
  },
  // Issue 29: chartdata/ is the chart data engine (query context → compiled SQL → execution →
  // post-processing → cache); charts/ is saved charts, which use the engine, never the other way
  // round.
  {
    files: ['packages/server/src/chartdata/**/*.ts'],
    ignores: ['packages/server/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\.\\./)+(?!(${CHARTDATA_FEATURE_IMPORTS.join('|')})\\.js$)(${SERVER_FEATURES.join('|')})(/|$)`,
              message:
                'chartdata/ (the chart data engine) imports nothing of saved charts (charts/), and of the other features only datasets/ (present, service), rls/apply and annotations/ (rules, service): move what it needs down (access rules go to access/), or hand it in.',
            },
          ],
        },
      ],
    },
  },
  // Issue 29: the metadata store is read and written through its repositories
  // (packages/server/src/metadata/repos/): no query is built anywhere else. Tests may seed what they
  // test with.
  {
    files: ['packages/server/src/**/*.ts'],
    ignores: ['packages/server/src/metadata/**', 'packages/server/src/**/*.test.ts', 'packages/server/src/test-support/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
          message: 'Metadata queries live in packages/server/src/metadata/repos/: add (or use) a repository function there and call it.',
        },
      ],
    },
  },
  {
    files: ['packages/shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(@rama/(server|web)|(\\.\\./)+(server|web)|(\\.\\./)*packages/(server|web))(/|$)',
              message: 'packages/shared is imported by the server and the web app; it imports neither.',
            },
          ],
        },
      ],
    },
  },
  // Plain JavaScript (bench/, scripts/, this file) has no TypeScript program behind it.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
);
