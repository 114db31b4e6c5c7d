import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** The module boundaries of docs/architecture.md: web → shared ← server, and features keep their internals. */
const boundaries = {
  shared: ['**/web/**', '**/server/**', '@web/*', '@server/*', 'node:*', 'react', 'react-dom', 'fastify', 'pg', 'drizzle-orm', 'drizzle-orm/*'],
  web: ['**/server/**', '@server/*', 'node:*', 'fastify', 'pg', 'drizzle-orm', 'drizzle-orm/*'],
};

/** The server's rules of docs/architecture.md, each a no-restricted-imports pattern with the reason it reports. */
const serverRules = {
  noWeb: { group: ['**/web/**', '@web/*'], message: 'The server never imports the web client.' },
  // A route parses input and calls a service: queries and tables belong to the services (docs/architecture.md, 'Data access').
  routesNoData: {
    group: ['**/db/schema', '**/db/schema.ts', '**/db/schema/**', '@server/db/schema*', 'drizzle-orm', 'drizzle-orm/*'],
    message: 'Route files do not touch the database: call the module\'s service.',
  },
  // '../other/x.ts' (or '@server/modules/other/x.ts') where x is not service.ts reaches into another module.
  onlyServices: {
    regex: '^(?:\\.\\./|@server/modules/)[^./][^/]*/(?!service\\.ts$)',
    message: 'Another module is used only through its service.ts.',
  },
};

/**
 * Issue 42: a reservation's status and arrival change only in reservations' transition.ts, which gives each change its
 * lifecycle check, revision, change-log line and emails; the erasure's one statement is the exception (decision 034).
 */
const STATUS_FIELD = "Property[key.name=/^(status|arrivalStatus)$/]";
const statusWrites = [
  `CallExpression[callee.property.name='set'][callee.object.arguments.0.name='reservations'] > ObjectExpression > ${STATUS_FIELD}`,
  `CallExpression[callee.name='updateReservation'] > ObjectExpression > ${STATUS_FIELD}`,
  `CallExpression[callee.property.name='updateReservation'] > ObjectExpression > ${STATUS_FIELD}`,
].map((selector) => ({ selector, message: "A reservation's status or arrival changes only through reservations' transition()." }));

/** Issue 42: the capacity mode is decided in the capacity module alone; others ask capacityFor(config) (decision 036). */
const CAPACITY_MODE = "MemberExpression[property.name='capacityMode']";
const capacityModeBranches = [`BinaryExpression > ${CAPACITY_MODE}`, `SwitchStatement > ${CAPACITY_MODE}.discriminant`].map((selector) => ({
  selector,
  message: "The capacity mode is decided in the capacity module: ask capacityFor(config), don't compare capacityMode.",
}));

const SERVER_FILE = 'src/server/**';
const STATUS_WRITERS = ['src/server/modules/reservations/transition.ts', 'src/server/modules/privacy/erasure-queries.ts'];
const CAPACITY_MODULE = 'src/server/modules/capacity/**';
/** One no-restricted-syntax entry per file group: a later entry for the same file would replace, not add to, an earlier one. */
const syntaxRules = (...selectors) => ({ 'no-restricted-syntax': ['error', ...selectors] });

const restrict = (patterns) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: patterns.map((pattern) =>
        typeof pattern === 'string' ? { group: [pattern], message: 'Crosses a module boundary (see docs/architecture.md).' } : pattern,
      ),
    },
  ],
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
  { files: ['public/offline.js', 'public/embed.js', 'src/server/platform/api-docs/*.js'], languageOptions: { globals: { ...globals.browser } } },
  { files: ['src/server/**'], ignores: ['src/server/pages/page-prerender.ts'], rules: restrict([serverRules.noWeb]) },
  {
    // Decision 024: the server renders /admin's first screen with the client's components, through web/ssr only.
    files: ['src/server/pages/page-prerender.ts'],
    rules: restrict([{ regex: '(?:^|/)web/(?!ssr/)|^@web/', message: 'The server imports the web client through web/ssr only.' }]),
  },
  { files: ['src/server/modules/**'], rules: restrict([serverRules.noWeb, serverRules.onlyServices]) },
  {
    files: ['src/server/modules/**/*routes.ts'],
    rules: restrict([serverRules.noWeb, serverRules.onlyServices, serverRules.routesNoData]),
  },
  { files: [SERVER_FILE], ignores: [...STATUS_WRITERS, CAPACITY_MODULE], rules: syntaxRules(...statusWrites, ...capacityModeBranches) },
  { files: STATUS_WRITERS, rules: syntaxRules(...capacityModeBranches) },
  { files: [CAPACITY_MODULE], rules: syntaxRules(...statusWrites) },
  {
    // No import loop anywhere: a loop is two files that cannot be understood, tested or loaded one without the other.
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.ts', 'scripts/**/*.ts', 'bench/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      ...importX.flatConfigs.typescript.settings,
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
);
