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
 * - no workspace (package, app, e2e) reaches into another by a relative path: across workspaces only by
 *   package name, where the walls above see it (import-x/no-relative-packages);
 * - the engine reads no clock (Date.now(), new Date() without an argument, performance, process) and imports
 *   no Node built-in: time comes in as data;
 * - API: routes → service → repository → db. Drizzle, pg and PGlite only in repositories and db/;
 *   routes import, from their module, only its services (*.service.ts), and never a repository or the database;
 *   only service-level code — services (*.service.ts), job handlers (*.jobs.ts), CPU-pool tasks (*.task.ts) —
 *   imports its module's repository (a plain helper beside them may import its row types, not call it);
 *   a repository imports only db/, shared/, packages and its own module's repositories and plain helpers —
 *   never a service, routes, jobs, another module, http/ or the composition root;
 *   no module imports another module's repository; services, shared/ and db/ know nothing of HTTP;
 *   app.ts is the composition root: only server.ts, worker.ts and tests import it;
 *   the system path (withSystem, deps.systemDb) only in the modules that own it;
 * - web: features never import other features, by any path; shared UI (components/, shared/) never imports a
 *   feature; the web never imports the server;
 * - api and web tests never mock modules (vi.mock and kin: decision 0067);
 * - no import cycles; no floating promises; no warnings (`--max-warnings 0`).
 *
 * scripts/lint-probes.test.ts proves each rule with a file that breaks it (and some with a file that must pass).
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
/** Own-module roles allowed to call a repository; a plain helper beside them (e.g. leitura.ts) may not. */
const SERVICE_LEVEL_FILES = ['service', 'jobs', 'task'].map((role) => `apps/api/src/modules/*/*.${role}.ts`);
const NO_REPOSITORY_IN_HELPERS = [
  {
    group: ['**/*.repository.js'],
    allowTypeImports: true,
    message:
      'Só o código de serviço (*.service.ts, *.jobs.ts, *.task.ts) chama o repositório; um auxiliar recebe os dados de quem o chama (ou vira *.service.ts).',
  },
];
/** A repository reaches only db/, shared/, packages and its own module's repositories and plain helpers. */
const REPOSITORY_REACH = [
  {
    regex: '^\\.\\./(?!\\.\\./)',
    message:
      'Um repositório não importa outro módulo nem a raiz de modules/: só db/, shared/, pacotes e o próprio módulo.',
  },
  {
    regex: '^\\.\\./\\.\\./(?!db/|shared/)',
    message: 'Um repositório importa de src/ só db/ e shared/ (nada de http/, deps.ts, app.ts).',
  },
  {
    regex: '^\\./[^/]+\\.(service|routes|jobs|task)\\.js$',
    message: 'Um repositório não chama o serviço, as rotas, os jobs nem as tarefas do módulo: são eles que o chamam.',
  },
];
const NO_SYSTEM_PATH = [
  {
    group: ['**/db/tenant-tx.js'],
    importNames: ['withSystem'],
    message:
      'O caminho de sistema (vê todos os clientes) é só dos módulos login, clientes, relogio-push e app-funcionario (decisões 0008, 0081, 0086).',
  },
];
const ENGINE_CLOCK =
  'O motor não lê o relógio: a data de hoje entra como dado (new Date(x) com argumento é permitido).';
/** Modules allowed on the system path (decision 0008). */
const SYSTEM_MODULES = ['login', 'clientes', 'relogio-push', 'app-funcionario'];

/** The engine's layers, lowest first (packages/engine/NOTES.md); packages/engine/test/layers.ts reads the same list. */
const ENGINE_LAYERS = JSON.parse(
  readFileSync(new URL('./packages/engine/layers.json', import.meta.url), 'utf8'),
).filter((l) => l !== 'index');

const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

// What a web feature may not import to reach the API: the server's code, the bare client, raw TanStack hooks.
const FEATURE_CALL_PATTERNS = [
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
];

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

  // ---- workspaces meet only by package name: a relative path out of one's own package (`../../fiscal/src/…`,
  // `../../../api/src/…`) would slip past every wall written against `@jornada/*`. bench/ and scripts/ are
  // tooling outside the workspaces and may reach in.
  {
    files: ['packages/**/*.{ts,tsx}', 'apps/**/*.{ts,tsx}', 'e2e/**/*.{ts,tsx}'],
    rules: { 'import-x/no-relative-packages': 'error' },
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
  // The engine is pure (spec §1, calculation-rules): no clock — "now" comes in as data, so a result depends on
  // its input only — and no Node built-in (no I/O; it also runs in the browser for previews). Tests may.
  {
    files: ['packages/engine/src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'import-x/no-nodejs-modules': 'error',
      'no-restricted-properties': ['error', { object: 'Date', property: 'now', message: ENGINE_CLOCK }],
      'no-restricted-globals': [
        'error',
        { name: 'performance', message: ENGINE_CLOCK },
        { name: 'process', message: 'O motor não lê o processo (ambiente, relógio): recebe tudo por parâmetro.' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'NewExpression[callee.name="Date"][arguments.length=0]', message: ENGINE_CLOCK },
        { selector: 'CallExpression[callee.name="Date"]', message: ENGINE_CLOCK },
      ],
    },
  },
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
            {
              regex: '^\\./(?![^/]+\\.service\\.js$)',
              message: 'Rotas ligam contrato → serviço: do próprio módulo, importam só os *.service.ts.',
            },
          ],
        },
      ],
    },
  },
  // A module's own code (not routes, not repository): service-level first, then the plain helpers, which may not
  // call the repository; the system modules (decision 0008) without the system-path wall. Later blocks win.
  ...[false, true].flatMap((helper) =>
    [null, ...SYSTEM_MODULES].map((system) => ({
      files: [`apps/api/src/modules/${system ?? '*'}/*.ts`],
      ignores: [
        'apps/api/src/modules/*/*.routes.ts',
        'apps/api/src/modules/*/*.repository.ts',
        '**/*.test.ts',
        ...(helper ? SERVICE_LEVEL_FILES : []),
      ],
      rules: {
        'no-restricted-imports': [
          'error',
          {
            patterns: [
              ...DATABASE_LIBRARIES,
              ...NO_HTTP,
              ...NO_OTHER_REPOSITORY,
              ...(system ? [] : NO_SYSTEM_PATH),
              ...(helper ? NO_REPOSITORY_IN_HELPERS : []),
            ],
          },
        ],
      },
    })),
  ),
  {
    files: ['apps/api/src/modules/*/*.repository.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [...NO_HTTP, ...NO_OTHER_REPOSITORY, ...REPOSITORY_REACH] }],
    },
  },
  // app.ts is the composition root (every plugin and module): only the entry points and tests import it.
  {
    files: ['apps/api/src/**/*.ts'],
    ignores: ['apps/api/src/server.ts', 'apps/api/src/worker.ts', '**/*.test.ts'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/api/src',
              from: './apps/api/src/app.ts',
              message: 'app.ts é a raiz de composição: só server.ts, worker.ts e os testes o importam.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: [...SYSTEM_MODULES.map((m) => `apps/api/src/modules/${m}/**`), '**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'MemberExpression[property.name="systemDb"]',
          message:
            'O caminho de sistema (vê todos os clientes) é só dos módulos login, clientes, relogio-push e app-funcionario (decisões 0008, 0081, 0086).',
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
          zones: [
            ...webFeatures.map((f) => ({
              target: `./apps/web/src/features/${f}`,
              from: './apps/web/src/features',
              except: [`./${f}`],
              message: 'Features não importam umas às outras: componha em app/.',
            })),
            {
              target: ['./apps/web/src/components', './apps/web/src/shared'],
              from: './apps/web/src/features',
              message: 'A UI compartilhada (components/, shared/) não importa features: a feature importa a UI.',
            },
          ],
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
            ...FEATURE_CALL_PATTERNS,
            // The kit's shape (issue 21 §7): a feature's calls live in its one `api/<area>-api.ts`.
            {
              group: ['**/api/*', '!**/api/*-api', '!**/api/*-api.js'],
              message: 'As chamadas da feature ficam em api/<area>-api.ts (uma por feature).',
            },
            // A list screen is a ListTable: paging, filter, sort, empty and error states wired once.
            {
              group: ['**/components/ui/data-table', '**/components/ui/data-table.js'],
              importNames: ['AppDataTable'],
              message: 'Listas usam ListTable + useListTable (components/ui/list-table.tsx).',
            },
          ],
        },
      ],
    },
  },
  // Tables paged in memory inside a tab or a wizard step (no query, no URL state): AppDataTable bare.
  {
    files: [
      'apps/web/src/features/funcionarios/components/historicos.tsx',
      'apps/web/src/features/funcionarios-importacao/components/erros-importacao.tsx',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...FEATURE_CALL_PATTERNS],
        },
      ],
    },
  },
  // The api and web projects share modules between a worker's test files (vitest `isolate: false`, decision
  // 0067): a module mock would leak into the files after it. Spy on an exported object instead (restored after
  // every test), or pass the dependency in.
  {
    files: ['apps/api/src/**/*.test.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': [
        'error',
        ...['mock', 'doMock', 'unmock', 'hoisted'].map((property) => ({
          object: 'vi',
          property,
          message:
            'Sem vi.mock nos testes da api e da web: os arquivos de um worker dividem os módulos (decisão 0067).',
        })),
      ],
    },
  },
);
