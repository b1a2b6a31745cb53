// Lint: TypeScript's recommended rules, plus the architecture of docs/architecture.md as rules:
// no import cycles, and every import points down the layers
//   domain (pure) <- db <- core <- http <- modules (routes -> service -> repository) <- app, main, cli
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import noImportCycle from './eslint-rules/no-import-cycle.js';

/** Forbids importing the named places from the files of one layer. */
const layer = (files, forbidden, message) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }] },
});

export default tseslint.config(
  { ignores: ['node_modules/', 'data/', 'dist/', 'coverage/', 'test/artifacts/', 'drizzle/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Import cycles anywhere in src/ (eslint-rules/no-import-cycle.js).
    files: ['src/**/*.ts'],
    plugins: { payclock: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: { 'payclock/no-import-cycle': 'error' },
  },
  {
    // Tests read untyped JSON bodies; `any` there is the honest type.
    files: ['test/**/*.ts', 'bench/**/*.ts', '**/*.test.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  layer(
    ['src/domain/**/*.ts'],
    ['**/db/**', '**/core/**', '**/http/**', '**/modules/**', 'fastify', '@fastify/*', 'drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/*'],
    'src/domain is pure: no I/O, no framework, no database.',
  ),
  layer(['src/db/**/*.ts'], ['**/core/**', '**/http/**', '**/modules/**'], 'src/db is below core, http and modules: it imports none of them.'),
  layer(['src/core/**/*.ts'], ['**/http/**', '**/modules/**', 'fastify', '@fastify/*'], 'src/core is below http and modules, and knows no web framework.'),
  layer(['src/http/**/*.ts'], ['**/modules/**'], 'src/http serves every module and imports none: take what you need through the app context (core/context.ts).'),
  layer(
    ['src/modules/**/*.service.ts', 'src/modules/**/*.repository.ts'],
    ['**/http/**', '**/*.routes.ts', 'fastify', '@fastify/*'],
    'Services and repositories never see HTTP: routes call services, not the other way round.',
  ),
  layer(['src/modules/**/*.repository.ts'], ['**/*.service.ts'], 'A repository is below its service: it runs queries and calls nothing above.'),
);
