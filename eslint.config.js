import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

// server/ must run under plain Node, where requiring electron throws.
const NO_ELECTRON = { name: 'electron', message: 'server/ and shared/ run without Electron.' };

/** A feature reaches another only through its index.ts (`depth`: how deep the file is in its feature). */
const OTHER_FEATURE = (depth) => ({
  regex: `^${'\\.\\./'.repeat(depth)}(?!\\.\\.)[^/]+/(?!index\\.js$)`,
  message: 'Import another feature through its index.ts: it says what the feature offers.',
});

/** SQL lives in repos, which services use: routes and the live streams go through a service. */
const NO_REPO = (who) => ({
  regex: '(^|/)([a-z-]+-)?repos?\\.js$',
  message: `${who} import no repo: they go through a service.`,
});

/** shared/ is isomorphic and pure: no Node APIs, no server, database or HTTP code. */
const NO_IO = {
  group: ['node:*', '**/server/**', '**/main/**', '**/renderer/**'],
  message: 'shared/ does no I/O: time, randomness and data come in as arguments.',
};
const NO_IO_PACKAGES = [
  'fs',
  'path',
  'os',
  'crypto',
  'http',
  'net',
  'better-sqlite3',
  'express',
  'pino',
  'rcon-client',
].map((name) => ({ name, message: 'shared/ does no I/O: time, randomness and data come in as arguments.' }));

export default tseslint.config(
  { ignores: ['out/**', 'dist/**', 'data/**', 'test-results/**', 'playwright-report/**', 'node_modules/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      curly: ['error', 'all'],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Storage answers promises: a forgotten await would read a Promise or commit too early.
    files: ['server/**/*.ts', 'test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/return-await': ['error', 'in-try-catch'],
    },
  },
  {
    files: ['renderer/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // The layer rules of ARCHITECTURE.md. A later block replaces an earlier one's options for the same
  // files, so each block lists every rule that applies to its files.
  {
    files: ['server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [NO_ELECTRON] }] },
  },
  {
    files: ['server/features/*/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [NO_ELECTRON], patterns: [OTHER_FEATURE(1)] }] },
  },
  {
    files: ['server/features/*/*/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [NO_ELECTRON], patterns: [OTHER_FEATURE(2)] }] },
  },
  {
    files: ['server/features/*/*routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [NO_ELECTRON], patterns: [OTHER_FEATURE(1), NO_REPO('Routes')] },
      ],
    },
  },
  {
    files: ['server/live/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [NO_ELECTRON], patterns: [NO_REPO('The live streams')] }],
    },
  },
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [NO_ELECTRON, ...NO_IO_PACKAGES], patterns: [NO_IO] }],
    },
  },
  {
    // The sandboxed preload is CommonJS: `import x = require()` is how TypeScript writes that.
    files: ['main/**/*.cts'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
