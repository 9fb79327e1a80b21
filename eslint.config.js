import { readdirSync, readFileSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

/**
 * The architecture's walls (spec/architecture.md §1, docs/architecture.md), enforced:
 *
 * - packages (engine, fiscal, contracts) import nothing of ours but what §1 allows, and never an app;
 * - API: routes → service → repository → db. Drizzle, pg and PGlite only in repositories and db/;
 *   routes never reach a repository or the database; no module imports another module's repository;
 *   services, shared/ and db/ know nothing of HTTP; the system path (withSystem, deps.systemDb) only
 *   in the modules that own it;
 * - web: features never import other features, by any path; the web never imports the server;
 * - no import cycles; no floating promises; no warnings (`--max-warnings 0`).
 *
 * scripts/lint-probes.test.ts proves each rule with a file that breaks it.
 */
const ours = (names) =>
  names.map((n) => ({
    group: [`@jornada/${n}`, `@jornada/${n}/*`],
    message: `Esta camada não pode importar @jornada/${n} (docs/architecture.md).`,
  }));

const DATABASE_LIBRARIES = [
  {
    group: ['drizzle-orm', 'drizzle-orm/*', 'pg', '@electric-sql/pglite', '@electric-sql/pglite/*'],
    message: 'SQL e Drizzle só em repositórios (*.repository.ts) e em db/.',
  },
];
const NO_HTTP = [
  {
    group: ['fastify', 'fastify/*', '**/http/*'],
    allowTypeImports: true,
    message: 'Serviços, shared/ e db/ não conhecem HTTP: recebem e devolvem dados simples.',
  },
];
const NO_OTHER_REPOSITORY = [
  {
    group: ['../*/*.repository.js', '**/modules/*/*.repository.js'],
    message: 'Um módulo não importa o repositório de outro: use o serviço dele ou mova a consulta para db/.',
  },
];
const NO_SYSTEM_PATH = [
  {
    group: ['**/db/tenant-tx.js'],
    importNames: ['withSystem'],
    message: 'O caminho de sistema (vê todos os clientes) é só dos módulos login e clientes (decisão 0008).',
  },
];
/** Modules allowed on the system path (decision 0008). */
const SYSTEM_MODULES = ['login', 'clientes'];

/** The engine's layers, lowest first (packages/engine/NOTES.md); packages/engine/test/layers.ts reads the same list. */
const ENGINE_LAYERS = JSON.parse(
  readFileSync(new URL('./packages/engine/layers.json', import.meta.url), 'utf8'),
).filter((l) => l !== 'index');

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      '**/*.js',
      '**/*.mjs',
      'apps/api/src/db/migrations/**',
      'e2e/test-results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: {
      parserOptions: {
        projectService: {
          allowDefaultProject: ['vitest.config.ts', 'packages/*/vitest.config.ts'],
        },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    settings: {
      // .ts files are modules too (without this, cycles through them go unseen).
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/*/tsconfig.json', '*/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-floating-promises': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },

  // ---- packages: never an app, and only the package edges of architecture §1
  {
    files: ['packages/engine/**/*.ts', 'packages/contracts/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...ours(['api', 'web', 'fiscal', 'engine', 'contracts']), { group: ['**/apps/**'] }] },
      ],
    },
  },
  // A layer of the engine imports its own folder and the layers below it, never one above.
  ...ENGINE_LAYERS.map((layer, i) => ({
    files: [`packages/engine/src/${layer}/**/*.ts`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...ours(['api', 'web', 'fiscal', 'engine', 'contracts']),
            { group: ['**/apps/**'] },
            ...ENGINE_LAYERS.slice(i + 1).map((higher) => ({
              group: [`../${higher}/*`, `../../${higher}/*`, `**/engine/src/${higher}/*`],
              message: `A camada ${layer} do motor não importa a camada ${higher}, que vem depois (NOTES.md, Camadas).`,
            })),
          ],
        },
      ],
    },
  })),
  {
    files: ['packages/fiscal/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...ours(['api', 'web', 'contracts']), { group: ['**/apps/**'] }] },
      ],
    },
  },

  // ---- API layers
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/db/**', 'apps/api/src/modules/*/*.repository.ts', 'apps/api/src/**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...DATABASE_LIBRARIES] }] },
  },
  {
    files: ['apps/api/src/db/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...NO_HTTP, { group: ['**/modules/**'], message: 'shared/ e db/ não dependem de módulos.' }] },
      ],
    },
  },
  {
    files: ['apps/api/src/shared/**/*.ts'],
    ignores: ['apps/api/src/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...DATABASE_LIBRARIES,
            ...NO_HTTP,
            { group: ['**/modules/**'], message: 'shared/ e db/ não dependem de módulos.' },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/*/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...DATABASE_LIBRARIES,
            {
              group: ['**/*.repository.js', '**/db/**'],
              message: 'Rotas ligam contrato → serviço: nada de repositório nem banco aqui.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/*/*.ts'],
    ignores: ['apps/api/src/modules/*/*.routes.ts', 'apps/api/src/modules/*/*.repository.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [...DATABASE_LIBRARIES, ...NO_HTTP, ...NO_OTHER_REPOSITORY, ...NO_SYSTEM_PATH] },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/*/*.repository.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...NO_HTTP, ...NO_OTHER_REPOSITORY] }] },
  },
  ...SYSTEM_MODULES.map((m) => ({
    files: [`apps/api/src/modules/${m}/*.ts`],
    ignores: [`apps/api/src/modules/${m}/*.routes.ts`, `apps/api/src/modules/${m}/*.repository.ts`, '**/*.test.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...DATABASE_LIBRARIES, ...NO_HTTP, ...NO_OTHER_REPOSITORY] }],
    },
  })),
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: [...SYSTEM_MODULES.map((m) => `apps/api/src/modules/${m}/**`), '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name="systemDb"]',
          message: 'O caminho de sistema (vê todos os clientes) é só dos módulos login e clientes (decisão 0008).',
        },
      ],
    },
  },

  // ---- web
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...ours(['api', 'fiscal']),
            { group: ['**/apps/api/**'], message: 'A web não importa código do servidor.' },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: webFeatures.map((f) => ({
            target: `./apps/web/src/features/${f}`,
            from: './apps/web/src/features',
            except: [`./${f}`],
            message: 'Features não importam umas às outras: componha em app/.',
          })),
        },
      ],
    },
  },
  // Features call the API only through the typed endpoint hooks (apps/web/src/shared/endpoint.ts).
  {
    files: ['apps/web/src/features/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...ours(['api', 'fiscal']),
            { group: ['**/apps/api/**'], message: 'A web não importa código do servidor.' },
            {
              group: ['**/shared/http', '**/shared/http.js'],
              importNames: ['callApi'],
              message: 'Chame a API por endpointApi(contrato) (shared/endpoint.ts).',
            },
            {
              group: ['@tanstack/react-query'],
              importNames: ['useQuery', 'useMutation'],
              message: 'Use endpointApi(contrato).useQuery/useMutation (shared/endpoint.ts).',
            },
          ],
        },
      ],
    },
  },
);
