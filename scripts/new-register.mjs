#!/usr/bin/env node
/**
 * `npm run new:register -- <area> [--entidade Nome] [--api segmento] [--perm CHAVE] [--rota /caminho]`
 *
 * Writes a new register (cadastro) on the house kit, end to end, with every
 * registry line, so the author writes only the domain: contract with an
 * id/código/nome record, table, repository, service, routes, the API
 * conformance test, the web page, dialog and its conformance test, and the
 * screen entry. Then: `npm run db:generate`, fill in the domain fields (each
 * generated file marks where with "DOMÍNIO"), and run the tests.
 *
 * Example: npm run new:register -- justificativas --entidade Justificativa --perm JUSTIFICATIVAS
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

function parseArgs(argv) {
  const [area, ...rest] = argv;
  if (!area || !/^[a-z][a-z0-9-]*$/.test(area)) {
    console.error(
      'Uso: npm run new:register -- <area-em-kebab> [--entidade Nome] [--api segmento] [--perm CHAVE] [--rota /caminho]',
    );
    process.exit(2);
  }
  const opts = {};
  for (let i = 0; i < rest.length; i += 2) opts[rest[i].replace(/^--/, '')] = rest[i + 1];
  const singular = area.replace(/-/g, ' ').replace(/s$/, '');
  const entidade = opts.entidade ?? singular.replace(/(^|\s)\w/g, (c) => c.toUpperCase()).replace(/\s/g, '');
  return {
    area,
    entidade,
    api:
      opts.api ?? entidade.charAt(0).toLowerCase() + entidade.slice(1).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`),
    perm: opts.perm ?? area.toUpperCase().replace(/-/g, '_'),
    rota: opts.rota ?? `/cadastros/${area}`,
  };
}

const camel = (kebab) => kebab.replace(/-(\w)/g, (_, c) => c.toUpperCase());
const pascal = (kebab) => camel(kebab).replace(/^\w/, (c) => c.toUpperCase());

const a = parseArgs(process.argv.slice(2));
const n = {
  area: a.area,
  areaCamel: camel(a.area),
  areaPascal: pascal(a.area),
  table: a.area.replace(/-/g, '_'),
  Entity: a.entidade,
  entity: a.entidade.charAt(0).toLowerCase() + a.entidade.slice(1),
  entityLower: a.entidade.toLowerCase(),
  api: a.api,
  apiNs: `${camel(a.api)}Api`,
  perm: a.perm,
  rota: a.rota,
};

const written = [];
function create(rel, text) {
  const file = join(root, rel);
  if (existsSync(file)) {
    console.error(`Já existe: ${rel} (nada foi escrito).`);
    process.exit(1);
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, text);
  written.push(rel);
}
/** Registry edits, applied together at the end (so a failed one leaves nothing half-edited). */
const edits = new Map();
function edit(rel, find, replace) {
  const file = join(root, rel);
  const text = edits.get(file)?.text ?? readFileSync(file, 'utf8');
  if (!text.includes(find)) {
    console.error(`Não encontrei onde editar ${rel}: ${JSON.stringify(find)}`);
    process.exit(1);
  }
  edits.set(file, { rel, text: text.replace(find, replace) });
}

// ---- contracts
create(
  `packages/contracts/src/api/${n.api}.ts`,
  `import { z } from 'zod';
import { defineEndpoint } from '../endpoint.js';
import { id, mensagemResponse, usuarioRequisicao } from '../common.js';
import { PERM } from '../permissions.js';

/** Limits of the ${n.Entity} register: the form, the server and the table's columns read them from here. */
export const ${n.entity.toUpperCase()}_LIMITS = { codigo: 12, nome: 100 } as const;

/** The ${n.Entity} register's texts (seeds' wording where they give it). */
export const ${n.entity.toUpperCase()}_MSG = {
  salvo: '${n.Entity} cadastrado(a) com sucesso!',
  alterado: '${n.Entity} alterado(a) com sucesso!',
  excluido: '${n.Entity} excluído(a) com sucesso!',
  codigoDuplicado: (codigo: string) => \`Já existe um(a) ${n.entityLower} com o código \${codigo}.\`,
  codigoEmUso: 'Já existe um(a) ${n.entityLower} com este código.',
  informeNome: 'Informe o nome',
  informeCodigo: 'Informe o código',
} as const;

const L = ${n.entity.toUpperCase()}_LIMITS;
const M = ${n.entity.toUpperCase()}_MSG;

// DOMÍNIO: the record's own fields, beside id/código/nome.
export const ${n.entity} = z.object({ id: z.number(), codigo: z.string(), nome: z.string() });
export type ${n.Entity} = z.infer<typeof ${n.entity}>;

export const ${n.entity}Form = z
  .strictObject({
    id: id.nullish(),
    codigo: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .pipe(z.string().max(L.codigo, \`Código: no máximo \${L.codigo} caracteres\`))
      .nullish(),
    nome: z.string({ error: M.informeNome }).trim().min(1, M.informeNome).max(L.nome, \`Nome: no máximo \${L.nome} caracteres\`),
    gerarCodogioEmSequencia: z.boolean().optional().default(true),
    // DOMÍNIO: the form's own fields.
  })
  .superRefine((f, ctx) => {
    const auto = (f.id === null || f.id === undefined) && f.gerarCodogioEmSequencia;
    if (!auto && !f.codigo) ctx.addIssue({ code: 'custom', path: ['codigo'], message: M.informeCodigo });
  });
export type ${n.Entity}Form = z.input<typeof ${n.entity}Form>;

export const salvar${n.Entity} = defineEndpoint({
  method: 'POST',
  path: '/api/${n.api}/salvar',
  permission: PERM.${n.perm}_NOVO,
  altPermission: PERM.${n.perm}_EDITAR,
  suporte: 'permitido',
  summary: 'Cadastra ou altera (com id) um(a) ${n.entityLower}',
  body: z.strictObject({ ${n.entity}: ${n.entity}Form, usuarioRequisicao }),
  response: mensagemResponse,
});

export const excluir${n.Entity} = defineEndpoint({
  method: 'POST',
  path: '/api/${n.api}/excluir',
  permission: PERM.${n.perm}_EXCLUIR,
  suporte: 'permitido',
  summary: 'Exclui um(a) ${n.entityLower}',
  body: z.strictObject({ ${n.entity}: z.object({ id }).loose(), usuarioRequisicao }),
  response: mensagemResponse,
});

export const buscar${n.Entity} = defineEndpoint({
  method: 'POST',
  path: '/api/${n.api}/buscar',
  permission: PERM.${n.perm}_VER,
  suporte: 'permitido',
  summary: 'Busca um(a) ${n.entityLower} pelo id',
  body: z.strictObject({ id${n.Entity}: id, usuarioRequisicao }),
  response: ${n.entity},
});

export const listar${n.areaPascal} = defineEndpoint({
  method: 'POST',
  path: '/api/${n.api}/listar',
  permission: PERM.${n.perm}_VER,
  suporte: 'permitido',
  summary: 'Lista os(as) ${n.area.replace(/-/g, ' ')}',
  body: z.strictObject({ usuarioRequisicao }).optional(),
  response: z.array(${n.entity}),
});
`,
);
edit(
  'packages/contracts/src/endpoints.ts',
  "import * as noticiasApi from './api/noticias.js';",
  `import * as noticiasApi from './api/noticias.js';\nimport * as ${n.apiNs} from './api/${n.api}.js';`,
);
edit(
  'packages/contracts/src/endpoints.ts',
  '  noticias: noticiasApi,\n',
  `  noticias: noticiasApi,\n  ${camel(n.api)}: ${n.apiNs},\n`,
);
edit(
  'packages/contracts/src/index.ts',
  "export * as noticiasApi from './api/noticias.js';",
  `export * as noticiasApi from './api/noticias.js';\nexport * as ${n.apiNs} from './api/${n.api}.js';\nexport type { ${n.Entity}, ${n.Entity}Form } from './api/${n.api}.js';`,
);

// ---- database
create(
  `apps/api/src/db/schema/${n.area}.ts`,
  `import { index, integer, pgTable, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { ${n.apiNs} } from '@jornada/contracts';
import { tenantIdColumn } from './tenancy.js';

const L = ${n.apiNs}.${n.entity.toUpperCase()}_LIMITS;

/** ${n.Entity} (seed register): \`codigo\` unique within the tenant. */
export const ${n.areaCamel} = pgTable(
  '${n.table}',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tenantId: tenantIdColumn(),
    codigo: varchar('codigo', { length: L.codigo }).notNull(),
    nome: varchar('nome', { length: L.nome }).notNull(),
    // DOMÍNIO: the register's own columns.
  },
  (t) => [
    uniqueIndex('${n.table}_tenant_codigo_uq').on(t.tenantId, t.codigo),
    index('${n.table}_tenant_nome_idx').on(t.tenantId, t.nome),
  ],
);
`,
);
edit(
  'apps/api/src/db/schema/index.ts',
  "export * from './cargos.js';",
  `export * from './cargos.js';\nexport * from './${n.area}.js';`,
);
edit(
  'apps/api/src/shared/database-errors.ts',
  '  cargos_tenant_codigo_uq: MSG.cargoCodigoEmUso,',
  `  cargos_tenant_codigo_uq: MSG.cargoCodigoEmUso,\n  ${n.table}_tenant_codigo_uq: ${n.apiNs}.${n.entity.toUpperCase()}_MSG.codigoEmUso,`,
);
edit(
  'apps/api/src/shared/database-errors.ts',
  "import { MSG } from '@jornada/contracts';",
  `import { MSG, ${n.apiNs} } from '@jornada/contracts';`,
);

// ---- api module
const mod = `apps/api/src/modules/${n.area}`;
create(
  `${mod}/${n.area}.repository.ts`,
  `import { asc } from 'drizzle-orm';
import type { ${n.Entity} } from '@jornada/contracts';
import { ${n.areaCamel} } from '../../db/schema/index.js';
import { registerRepository } from '../../db/register-repository.js';

/** SQL only: the register kit's queries over ${n.table}, sorted by name. */
export const ${n.areaCamel}Repository = registerRepository<${n.Entity}>(
  { table: ${n.areaCamel}, id: ${n.areaCamel}.id, tenantId: ${n.areaCamel}.tenantId, codigo: ${n.areaCamel}.codigo },
  { id: ${n.areaCamel}.id, codigo: ${n.areaCamel}.codigo, nome: ${n.areaCamel}.nome },
  [asc(${n.areaCamel}.nome), asc(${n.areaCamel}.id)],
);
`,
);
create(
  `${mod}/${n.area}.service.ts`,
  `import { PERM, ${n.apiNs}, type ${n.Entity}, type ParsedBodyOf } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { registerService } from '../../shared/register-service.js';
import { tenantWork } from '../../shared/unit-of-work.js';
import { ${n.areaCamel}Repository } from './${n.area}.repository.js';

type Form = ParsedBodyOf<typeof ${n.apiNs}.salvar${n.Entity}>['${n.entity}'];
const M = ${n.apiNs}.${n.entity.toUpperCase()}_MSG;

/** ${n.Entity}: the kit does the house rules; the domain goes in values/beforeSave/beforeRemove. */
export function ${n.areaCamel}Service(deps: Deps) {
  return registerService<${n.Entity}, Form>(
    { run: tenantWork(deps), listCache: deps.listCache },
    {
      key: '${n.table}',
      repository: ${n.areaCamel}Repository,
      listResponse: ${n.apiNs}.listar${n.areaPascal}.response,
      permissions: { create: PERM.${n.perm}_NOVO, edit: PERM.${n.perm}_EDITAR },
      codeMaxLength: ${n.apiNs}.${n.entity.toUpperCase()}_LIMITS.codigo,
      messages: { created: M.salvo, changed: M.alterado, removed: M.excluido, duplicateCode: M.codigoDuplicado },
      entity: '${n.Entity}',
      label: (r) => \`\${r.codigo} - \${r.nome}\`,
      // DOMÍNIO: the form's columns; beforeSave / beforeRemove for the register's own rules.
      values: (form) => ({ nome: form.nome }),
    },
  );
}
`,
);
create(
  `${mod}/${n.area}.routes.ts`,
  `import { ${n.apiNs} } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { EndpointRouter } from '../../http/endpoint-route.js';
import { ${n.areaCamel}Service } from './${n.area}.service.js';

export function ${n.areaCamel}Routes(r: EndpointRouter, deps: Deps): void {
  const svc = ${n.areaCamel}Service(deps);
  r.authed(${n.apiNs}.listar${n.areaPascal}, ({ auth }) => svc.list(auth));
  r.authed(${n.apiNs}.buscar${n.Entity}, ({ auth, body }) => svc.get(auth, body.id${n.Entity}));
  r.authed(${n.apiNs}.salvar${n.Entity}, ({ auth, body }) => svc.save(auth, body.${n.entity}));
  r.authed(${n.apiNs}.excluir${n.Entity}, ({ auth, body }) => svc.remove(auth, body.${n.entity}.id));
}
`,
);
create(
  `${mod}/${n.area}-conformance.routes.test.ts`,
  `import { PERM, ${n.apiNs}, type ${n.Entity}Form } from '@jornada/contracts';
import { describeRegisterConformance } from '../../../test/register-conformance.js';

const M = ${n.apiNs}.${n.entity.toUpperCase()}_MSG;

// The house rules for ${n.Entity}; the register's own rules go in ${n.area}.routes.test.ts.
describeRegisterConformance<${n.Entity}Form>({
  name: '${n.areaPascal}',
  endpoints: {
    list: ${n.apiNs}.listar${n.areaPascal},
    get: ${n.apiNs}.buscar${n.Entity},
    save: ${n.apiNs}.salvar${n.Entity},
    remove: ${n.apiNs}.excluir${n.Entity},
  },
  saveBody: (${n.entity}) => ({ ${n.entity} }),
  removeBody: (id) => ({ ${n.entity}: { id } }),
  getBody: (id) => ({ id${n.Entity}: id }),
  newForm: (n, codigo) =>
    codigo === undefined
      ? { nome: \`${n.Entity} \${n}\`, gerarCodogioEmSequencia: true }
      : { nome: \`${n.Entity} \${n}\`, codigo, gerarCodogioEmSequencia: false },
  editForm: (row, n) => ({ id: row.id, codigo: row.codigo!, nome: \`${n.Entity} editado(a) \${n}\` }),
  codes: {
    view: PERM.${n.perm}_VER,
    create: PERM.${n.perm}_NOVO,
    edit: PERM.${n.perm}_EDITAR,
    remove: PERM.${n.perm}_EXCLUIR,
  },
  messages: { created: M.salvo, changed: M.alterado, removed: M.excluido, duplicateCode: M.codigoDuplicado },
  entity: '${n.Entity}',
  coded: true,
});
`,
);
edit(
  'apps/api/src/modules/index.ts',
  "import { noticiasRoutes } from './noticias/noticias.routes.js';",
  `import { noticiasRoutes } from './noticias/noticias.routes.js';\nimport { ${n.areaCamel}Routes } from './${n.area}/${n.area}.routes.js';`,
);
edit('apps/api/src/modules/index.ts', 'noticiasRoutes];', `noticiasRoutes, ${n.areaCamel}Routes];`);

// ---- web
const feat = `apps/web/src/features/${n.area}`;
create(
  `${feat}/api/${n.area}-api.ts`,
  `import { ${n.apiNs} } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

/** The whole list: the screen filters and pages it in the browser. */
export const listar${n.areaPascal} = endpointApi(${n.apiNs}.listar${n.areaPascal});
/** Create (no id) or edit. */
export const salvar${n.Entity} = endpointApi(${n.apiNs}.salvar${n.Entity});
export const excluir${n.Entity} = endpointApi(${n.apiNs}.excluir${n.Entity});
`,
);
create(
  `${feat}/components/save-${n.api}-dialog.tsx`,
  `import { ${n.apiNs}, type ${n.Entity}, type ${n.Entity}Form } from '@jornada/contracts';
import { SwitchControl, TextControl } from '../../../components/ui/form-controls';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { listar${n.areaPascal}, salvar${n.Entity} } from '../api/${n.area}-api';

const L = ${n.apiNs}.${n.entity.toUpperCase()}_LIMITS;
const emptyForm: ${n.Entity}Form = { id: null, codigo: '', nome: '', gerarCodogioEmSequencia: true };
const fromRow = (r: ${n.Entity}): ${n.Entity}Form => ({ id: r.id, codigo: r.codigo, nome: r.nome, gerarCodogioEmSequencia: false });

/** Create/edit a(n) ${n.entityLower}: the contract's form schema validates here and on the server. */
export function Save${n.Entity}Dialog({ visible, row, onHide }: { visible: boolean; row: ${n.Entity} | null; onHide: () => void }) {
  const editing = row !== null;
  const salvar = salvar${n.Entity}.useMutation({ invalidates: [listar${n.areaPascal}.endpoint] });
  return (
    <FormDialog
      schema={${n.apiNs}.${n.entity}Form}
      visible={visible}
      header={editing ? 'Editar ${n.Entity}' : 'Novo(a) ${n.Entity}'}
      values={row ? fromRow(row) : emptyForm}
      pending={salvar.isPending}
      onHide={onHide}
      onSubmit={(values) => {
        const auto = !editing && values.gerarCodogioEmSequencia;
        salvar.mutate({ ${n.entity}: auto ? { ...values, codigo: null } : values }, { onSuccess: onHide });
      }}
    >
      {({ control, watch }) => {
        const auto = !editing && watch('gerarCodogioEmSequencia') === true;
        return (
          <>
            {editing ? null : (
              <SwitchControl control={control} name="gerarCodogioEmSequencia" id="${n.api}-gerar-codigo" label="Gerar código em sequência" />
            )}
            <TextControl control={control} name="codigo" id="${n.api}-codigo" label="Código" maxLength={L.codigo} disabled={auto} autoFocus={editing} />
            <TextControl control={control} name="nome" id="${n.api}-nome" label="Nome" maxLength={L.nome} autoFocus={!editing} />
            {/* DOMÍNIO: the form's own controls. */}
          </>
        );
      }}
    </FormDialog>
  );
}
`,
);
create(
  `${feat}/components/${n.area}-page.tsx`,
  `import { PERM, type ${n.Entity} } from '@jornada/contracts';
import { RegisterPage, type RegisterColumn } from '../../../components/ui/register/register-page';
import { useRegisterDialog, useRegisterTable } from '../../../components/ui/register/use-register';
import { excluir${n.Entity}, listar${n.areaPascal} } from '../api/${n.area}-api';
import { Save${n.Entity}Dialog } from './save-${n.api}-dialog';

const COLUMNS: readonly RegisterColumn<${n.Entity}>[] = [
  { field: 'codigo', header: 'Código', sortable: true, width: '9rem' },
  { field: 'nome', header: 'Nome', sortable: true },
  // DOMÍNIO: the seed's columns.
];

export function ${n.areaPascal}Page() {
  const table = useRegisterTable();
  const rows = listar${n.areaPascal}.useQuery({});
  const excluir = excluir${n.Entity}.useMutation({ invalidates: [listar${n.areaPascal}.endpoint] });
  const dialog = useRegisterDialog<${n.Entity}>();
  return (
    <RegisterPage<${n.Entity}>
      title="${n.areaPascal.replace(/([a-z])([A-Z])/g, '$1 $2')}"
      entity="${n.entityLower}"
      dataKey="id"
      columns={COLUMNS}
      source={{ paging: 'client', query: rows, filterFields: ['codigo', 'nome'] }}
      table={table}
      filterPlaceholder="Filtrar por código ou nome"
      emptyMessage="Nenhum(a) ${n.entityLower} cadastrado(a)."
      filteredEmptyMessage="Nenhum(a) ${n.entityLower} encontrado(a) para o filtro informado."
      rowLabel={(r) => r.nome}
      codes={{ create: PERM.${n.perm}_NOVO, edit: PERM.${n.perm}_EDITAR, remove: PERM.${n.perm}_EXCLUIR }}
      onCreate={dialog.openNew}
      onEdit={dialog.openEdit}
      onDelete={(r) => excluir.mutate({ ${n.entity}: { id: r.id } })}
    >
      <Save${n.Entity}Dialog visible={dialog.visible} row={dialog.row} onHide={dialog.close} />
    </RegisterPage>
  );
}
`,
);
create(
  `${feat}/components/${n.area}-page.test.tsx`,
  `import { within } from '@testing-library/react';
import { PERM, ${n.apiNs}, type ${n.Entity} } from '@jornada/contracts';
import { describeRegister } from '../../../test/register-conformance';

const M = ${n.apiNs}.${n.entity.toUpperCase()}_MSG;
const rows = (count: number): ${n.Entity}[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, codigo: String(i + 1), nome: \`${n.Entity} \${String(i + 1).padStart(2, '0')}\` }));

// The house rules of the screen; the register's own behaviour goes in a second describe here.
describeRegister<${n.Entity}, typeof ${n.apiNs}.listar${n.areaPascal}>({
  title: '${n.areaPascal.replace(/([a-z])([A-Z])/g, '$1 $2')}',
  path: '${n.rota}',
  codes: {
    view: PERM.${n.perm}_VER,
    create: PERM.${n.perm}_NOVO,
    edit: PERM.${n.perm}_EDITAR,
    remove: PERM.${n.perm}_EXCLUIR,
  },
  list: { endpoint: ${n.apiNs}.listar${n.areaPascal}, reply: (r) => r },
  rows,
  rowLabel: (r) => r.nome,
  emptyMessage: 'Nenhum(a) ${n.entityLower} cadastrado(a).',
  create: {
    endpoint: ${n.apiNs}.salvar${n.Entity},
    dialogTitle: 'Novo(a) ${n.Entity}',
    fill: async (dialog, user) => user.type(within(dialog).getByLabelText('Nome'), 'Novo registro'),
    row: { id: 100, codigo: '100', nome: 'Novo registro' },
    body: (r) => ({ ${n.entity}: { id: null, codigo: null, nome: r.nome, gerarCodogioEmSequencia: true } }),
    reply: { mensagem: M.salvo },
    success: M.salvo,
  },
  edit: {
    endpoint: ${n.apiNs}.salvar${n.Entity},
    dialogTitle: 'Editar ${n.Entity}',
    change: async (dialog, user) => {
      const nome = within(dialog).getByLabelText('Nome');
      await user.clear(nome);
      await user.type(nome, 'Registro editado');
    },
    row: { id: 1, codigo: '1', nome: 'Registro editado' },
    body: (r) => ({ ${n.entity}: { id: r.id, codigo: r.codigo, nome: r.nome, gerarCodogioEmSequencia: false } }),
    reply: { mensagem: M.alterado },
    success: M.alterado,
  },
  remove: {
    endpoint: ${n.apiNs}.excluir${n.Entity},
    body: (r) => ({ ${n.entity}: { id: r.id } }),
    reply: { mensagem: M.excluido },
    success: M.excluido,
  },
});
`,
);
edit(
  'apps/web/src/app/screens.tsx',
  `  '${n.rota}': PENDING,`,
  `  '${n.rota}': lazyScreen(\n    () => import('../features/${n.area}/components/${n.area}-page'),\n    (m) => m.${n.areaPascal}Page,\n  ),`,
);

for (const [file, { text }] of edits) writeFileSync(file, text);
console.log(`Cadastro ${n.Entity} criado.\n\nArquivos novos:\n${written.map((f) => `  ${f}`).join('\n')}`);
console.log(`\nRegistros editados:\n${[...edits.values()].map((e) => `  ${e.rel}`).join('\n')}`);
console.log(
  `\nPróximos passos:\n  1. npm run db:generate (migração da tabela ${n.table})\n  2. preencha o domínio onde está marcado "DOMÍNIO"\n  3. npx prettier --write . && npm run check`,
);
