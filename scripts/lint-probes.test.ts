import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..');

/**
 * Each architectural rule of eslint.config.js, proved by a file that breaks
 * it (issue 8 §1): the file is written into the tree where the rule applies,
 * linted with the real configuration, and removed.
 */
const PROBES: { name: string; file: string; source: string; rule: string }[] = [
  {
    name: 'um pacote não importa um app',
    file: 'packages/engine/src/__probe_app.ts',
    source: "import '@jornada/api';\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'rotas não chegam ao repositório',
    file: 'apps/api/src/modules/cargos/__probe.routes.ts',
    source: "import { cargosRepository } from './cargos.repository.js';\nexport const x = cargosRepository;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'Drizzle só em repositórios e db/',
    file: 'apps/api/src/modules/cargos/__probe_sql.service.ts',
    source: "import { sql } from 'drizzle-orm';\nexport const x = sql`SELECT 1`;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'Drizzle fora de shared/',
    file: 'apps/api/src/shared/__probe_sql.ts',
    source: "import { sql } from 'drizzle-orm';\nexport const x = sql`SELECT 1`;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'um módulo não importa o repositório de outro',
    file: 'apps/api/src/modules/noticias/__probe_other.service.ts',
    source: "import { cargosRepository } from '../cargos/cargos.repository.js';\nexport const x = cargosRepository;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'serviços não conhecem HTTP',
    file: 'apps/api/src/modules/cargos/__probe_http.service.ts',
    source: "import { bearerToken } from '../../http/endpoint-route.js';\nexport const x = bearerToken;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'o caminho de sistema só nos módulos donos (import)',
    file: 'apps/api/src/modules/cargos/__probe_system.service.ts',
    source: "import { withSystem } from '../../db/tenant-tx.js';\nexport const x = withSystem;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'o caminho de sistema só nos módulos donos (deps.systemDb)',
    file: 'apps/api/src/modules/cargos/__probe_systemdb.service.ts',
    source: "import type { Deps } from '../../deps.js';\nexport const x = (deps: Deps) => deps.systemDb;\n",
    rule: 'no-restricted-syntax',
  },
  {
    name: 'features não importam umas às outras (caminho relativo)',
    file: 'apps/web/src/features/cargos/__probe.ts',
    source: "import { sair } from '../login/api/login-api';\nexport const x = sair;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a web não importa o servidor',
    file: 'apps/web/src/app/__probe.ts',
    source: "import '@jornada/api';\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'uma camada do motor não importa uma camada de cima',
    file: 'packages/engine/src/model/__probe.ts',
    source: "import { calculatePeriod } from '../period/period.js';\nexport const x = calculatePeriod;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'features chamam a API só pelos hooks tipados',
    file: 'apps/web/src/features/cargos/__probe_http.ts',
    source: "import { callApi } from '../../shared/http';\nexport const x = callApi;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'sem ciclos de importação',
    file: 'apps/api/src/shared/__probe_cycle_a.ts',
    source: "import { b } from './__probe_cycle_b.js';\nexport const a = (): number => b() + 1;\n",
    rule: 'import-x/no-cycle',
  },
  {
    name: 'um auxiliar do módulo não chama o repositório (só *.service.ts, *.jobs.ts, *.task.ts)',
    file: 'apps/api/src/modules/cargos/__probe-helper.ts',
    source: "import { cargosRepository } from './cargos.repository.js';\nexport const x = cargosRepository;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'rotas importam do módulo só o serviço',
    file: 'apps/api/src/modules/afd/__probe.routes.ts',
    source: "import { lerAfd } from './leitura.js';\nexport const x = lerAfd;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'um repositório não importa o serviço de outro módulo',
    file: 'apps/api/src/modules/noticias/__probe.repository.ts',
    source: "import { cargosService } from '../cargos/cargos.service.js';\nexport const x = cargosService;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'um repositório não importa o serviço do próprio módulo',
    file: 'apps/api/src/modules/cargos/__probe.repository.ts',
    source: "import { cargosService } from './cargos.service.js';\nexport const x = cargosService;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'um repositório importa de src/ só db/ e shared/',
    file: 'apps/api/src/modules/cargos/__probe_deps.repository.ts',
    source: "import { parseTrustProxy } from '../../config.js';\nexport const x = parseTrustProxy;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'um serviço não importa app.ts (a raiz de composição)',
    file: 'apps/api/src/modules/cargos/__probe_app.service.ts',
    source: "import { buildApp } from '../../app.js';\nexport const x = buildApp;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'shared/ da api não importa app.ts',
    file: 'apps/api/src/shared/__probe_app.ts',
    source: "import { buildDeps } from '../app.js';\nexport const x = buildDeps;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'a UI compartilhada (components/) não importa uma feature',
    file: 'apps/web/src/components/__probe.ts',
    source: "import { sair } from '../features/login/api/login-api';\nexport const x = sair;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'shared/ da web não importa uma feature',
    file: 'apps/web/src/shared/__probe.ts',
    source: "import { sair } from '../features/login/api/login-api';\nexport const x = sair;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'o motor não importa o fiscal por caminho relativo',
    file: 'packages/engine/src/model/__probe_fiscal.ts',
    source: "import { Afd671LineWriter } from '../../../fiscal/src/index.js';\nexport const x = Afd671LineWriter;\n",
    rule: 'import-x/no-relative-packages',
  },
  {
    name: 'contracts não importa o motor por caminho relativo',
    file: 'packages/contracts/src/__probe.ts',
    source: "import { parseDate } from '../../engine/src/index.js';\nexport const x = parseDate;\n",
    rule: 'import-x/no-relative-packages',
  },
  {
    name: 'a web não importa o servidor por caminho relativo',
    file: 'apps/web/src/app/__probe_server.ts',
    source: "import { parseTrustProxy } from '../../../api/src/config.js';\nexport const x = parseTrustProxy;\n",
    rule: 'import-x/no-relative-packages',
  },
  {
    name: 'o motor não lê o relógio (Date.now)',
    file: 'packages/engine/src/model/__probe_now.ts',
    source: 'export const x = Date.now();\n',
    rule: 'no-restricted-properties',
  },
  {
    name: 'o motor não lê o relógio (new Date())',
    file: 'packages/engine/src/day/__probe_new_date.ts',
    source: 'export const x = new Date().getTime();\n',
    rule: 'no-restricted-syntax',
  },
  {
    name: 'o motor não lê o relógio (performance.now)',
    file: 'packages/engine/src/period/__probe_performance.ts',
    source: 'export const x = performance.now();\n',
    rule: 'no-restricted-globals',
  },
  {
    name: 'o motor não importa módulos do Node (node:*)',
    file: 'packages/engine/src/model/__probe_node.ts',
    source: "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n",
    rule: 'import-x/no-nodejs-modules',
  },
  {
    name: 'o motor não importa módulos do Node (sem prefixo)',
    file: 'packages/engine/src/model/__probe_path.ts',
    source: "import { join } from 'path';\nexport const x = join;\n",
    rule: 'import-x/no-nodejs-modules',
  },
  {
    name: 'sem vi.mock nos testes da web',
    file: 'apps/web/src/features/cargos/__probe.test.tsx',
    source: "import { vi } from 'vitest';\nvi.mock('x');\n",
    rule: 'no-restricted-properties',
  },
  {
    name: 'sem vi.mock nos testes da api',
    file: 'apps/api/src/modules/cargos/__probe.test.ts',
    source: "import { vi } from 'vitest';\nvi.mock('x');\n",
    rule: 'no-restricted-properties',
  },
  {
    name: 'sem promessas soltas',
    file: 'apps/api/src/shared/__probe_float.ts',
    source: 'async function work(): Promise<void> {}\nexport function go(): void {\n  work();\n}\n',
    rule: '@typescript-eslint/no-floating-promises',
  },
  {
    name: 'uma feature chama a API só pelo seu api/<area>-api.ts',
    file: 'apps/web/src/features/cargos/components/__probe_api.tsx',
    source: "import { listarCargos } from '../api/listar-cargos';\nexport const x = listarCargos;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'uma tela de lista usa ListTable, não AppDataTable',
    file: 'apps/web/src/features/cargos/components/__probe_table.tsx',
    source: "import { AppDataTable } from '../../../components/ui/data-table';\nexport const x = AppDataTable;\n",
    rule: 'no-restricted-imports',
  },
];
/** Legitimate files the same walls must let through: each is linted and the rule must not be among its messages. */
const LEGITIMATE: { name: string; file: string; source: string; rule: string }[] = [
  {
    name: 'um serviço chama o repositório do próprio módulo',
    file: 'apps/api/src/modules/cargos/__probe_own.service.ts',
    source: "import { cargosRepository } from './cargos.repository.js';\nexport const x = cargosRepository;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'um job chama o repositório do próprio módulo',
    file: 'apps/api/src/modules/cargos/__probe_own.jobs.ts',
    source: "import { cargosRepository } from './cargos.repository.js';\nexport const x = cargosRepository;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'um auxiliar importa só os tipos do repositório',
    file: 'apps/api/src/modules/cargos/__probe_types.ts',
    source:
      "import type { cargosRepository } from './cargos.repository.js';\nexport type Repo = typeof cargosRepository;\n",
    rule: 'no-restricted-imports',
  },
  {
    name: 'um repositório importa db/, shared/, pacotes e o próprio módulo',
    file: 'apps/api/src/modules/login/__probe_ok.repository.ts',
    source:
      "import { MSG } from '@jornada/contracts';\n" +
      "import { withTenant } from '../../db/tenant-tx.js';\n" +
      "import { tokenHash } from '../../shared/secrets.js';\n" +
      "import { sessionBindingHolds } from './session.repository.js';\n" +
      'export const x = [MSG, withTenant, tokenHash, sessionBindingHolds];\n',
    rule: 'no-restricted-imports',
  },
  {
    name: 'um teste da api importa app.ts',
    file: 'apps/api/src/modules/cargos/__probe_app.test.ts',
    source: "import { buildApp } from '../../app.js';\nexport const x = buildApp;\n",
    rule: 'import-x/no-restricted-paths',
  },
  {
    name: 'o motor constrói uma data dada (new Date(x))',
    file: 'packages/engine/src/model/__probe_date.ts',
    source: 'export const x = new Date(2026, 0, 1).getTime() + new Date(Date.UTC(2026, 0, 1)).getTime();\n',
    rule: 'no-restricted-syntax',
  },
  {
    name: 'um teste do motor pode ler o relógio',
    file: 'packages/engine/src/model/__probe_clock.test.ts',
    source: "import { readFileSync } from 'node:fs';\nexport const x = [Date.now(), new Date(), readFileSync];\n",
    rule: 'no-restricted-properties',
  },
  {
    name: 'o fiscal importa o motor pelo nome do pacote',
    file: 'packages/fiscal/src/__probe.ts',
    source: "import { parseDate } from '@jornada/engine';\nexport const x = parseDate;\n",
    rule: 'import-x/no-relative-packages',
  },
  {
    name: 'uma feature importa o seu api/<area>-api.ts e as leituras compartilhadas',
    file: 'apps/web/src/features/cargos/components/__probe_api_ok.tsx',
    source:
      "import { excluirCargo } from '../api/cargos-api';\n" +
      "import { listarCargos } from '../../../shared/lookups-api';\n" +
      "import { ListTable } from '../../../components/ui/list-table';\n" +
      'export const x = [excluirCargo, listarCargos, ListTable];\n',
    rule: 'no-restricted-imports',
  },
];
const EXTRA_FILES: Record<string, string> = {
  'apps/api/src/shared/__probe_cycle_b.ts':
    "import { a } from './__probe_cycle_a.js';\nexport const b = (): number => a();\n",
};

describe('as regras de arquitetura do lint pegam quem as quebra', () => {
  let results: Map<string, string[]>;
  const written = [...PROBES.map((p) => p.file), ...LEGITIMATE.map((p) => p.file), ...Object.keys(EXTRA_FILES)];

  beforeAll(async () => {
    for (const p of [...PROBES, ...LEGITIMATE]) writeProbe(p.file, p.source);
    for (const [file, source] of Object.entries(EXTRA_FILES)) writeProbe(file, source);
    try {
      const eslint = new ESLint({ cwd: root });
      const linted = await eslint.lintFiles([...PROBES, ...LEGITIMATE].map((p) => p.file));
      results = new Map(
        linted.map((r) => [
          r.filePath.slice(root.length + 1),
          r.messages.map((m) => m.ruleId ?? `fatal: ${m.message}`),
        ]),
      );
    } finally {
      for (const f of written) rmSync(join(root, f), { force: true });
    }
  }, 300_000);
  afterAll(() => {
    for (const f of written) rmSync(join(root, f), { force: true });
  });

  it.each(PROBES.map((p) => [p.name, p] as const))('%s', (_name, p) => {
    expect(results.get(p.file)).toContain(p.rule);
  });

  it.each(LEGITIMATE.map((p) => [p.name, p] as const))('deixa passar: %s', (_name, p) => {
    const messages = results.get(p.file);
    expect(messages, 'o arquivo foi analisado').toBeDefined();
    expect(messages!.filter((m) => m.startsWith('fatal: '))).toEqual([]);
    expect(messages).not.toContain(p.rule);
  });

  it('o lint do projeto não admite avisos', async () => {
    const pkg = JSON.parse((await import('node:fs')).readFileSync(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>;
    };
    expect(pkg.scripts.lint).toContain('--max-warnings 0');
  });
});

function writeProbe(file: string, source: string): void {
  mkdirSync(dirname(join(root, file)), { recursive: true });
  writeFileSync(join(root, file), source);
}
