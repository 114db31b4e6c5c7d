import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The module boundaries of ARCHITECTURE.md: web → shared ← server, and features keep their internals. */
const boundaries = {
  shared: ['**/web/**', '**/server/**', '@web/*', '@server/*', 'node:*', 'react', 'react-dom', 'fastify', 'pg', 'drizzle-orm', 'drizzle-orm/*'],
  web: ['**/server/**', '@server/*', 'node:*', 'fastify', 'pg', 'drizzle-orm', 'drizzle-orm/*'],
};

const restrict = (patterns) => ({
  'no-restricted-imports': ['error', { patterns: patterns.map((group) => ({ group: [group], message: 'Crosses a module boundary (see ARCHITECTURE.md).' })) }],
});

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'src/server/db/migrations/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  // A pattern that backtracks super-linearly lets one long input stall the whole instance (issue 17, decision 016).
  regexp.configs['flat/recommended'],
  {
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['src/shared/**'], rules: restrict(boundaries.shared) },
  {
    files: ['src/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...restrict(boundaries.web),
    },
  },
  {
    // A feature uses another feature only through its top-level files, never its internals.
    files: ['src/web/features/**'],
    rules: restrict([...boundaries.web, '@web/features/*/*/**']),
  },
  { files: ['public/service-worker.js'], languageOptions: { globals: { ...globals.serviceworker } } },
  { files: ['public/offline.js'], languageOptions: { globals: { ...globals.browser } } },
  {
    files: ['src/server/**'],
    rules: restrict(['**/web/**', '@web/*']),
  },
);
