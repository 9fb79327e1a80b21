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
    source: "import { sair } from '../auth/api/sair';\nexport const x = sair;\n",
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
    name: 'sem promessas soltas',
    file: 'apps/api/src/shared/__probe_float.ts',
    source: 'async function work(): Promise<void> {}\nexport function go(): void {\n  work();\n}\n',
    rule: '@typescript-eslint/no-floating-promises',
  },
];
const EXTRA_FILES: Record<string, string> = {
  'apps/api/src/shared/__probe_cycle_b.ts':
    "import { a } from './__probe_cycle_a.js';\nexport const b = (): number => a();\n",
};

describe('as regras de arquitetura do lint pegam quem as quebra', () => {
  let results: Map<string, string[]>;
  const written = [...PROBES.map((p) => p.file), ...Object.keys(EXTRA_FILES)];

  beforeAll(async () => {
    for (const p of PROBES) writeProbe(p.file, p.source);
    for (const [file, source] of Object.entries(EXTRA_FILES)) writeProbe(file, source);
    try {
      const eslint = new ESLint({ cwd: root });
      const linted = await eslint.lintFiles(PROBES.map((p) => p.file));
      results = new Map(
        linted.map((r) => [r.filePath.slice(root.length + 1), r.messages.map((m) => m.ruleId ?? m.message)]),
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
