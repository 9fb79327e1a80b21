#!/usr/bin/env node
/**
 * `npm run new:register -- <area> [--entidade Nome] [--api segmento] [--perm CHAVE] [--rota /caminho] [--titulo Título]`
 *
 * Writes a new register (cadastro) on the house kit, end to end, with every
 * registry line, so the author writes only the domain: contract with an
 * id/código/nome record, table, repository, service, routes, the API
 * conformance test, the web page, dialog and its conformance test, and the
 * screen entry (plus the route and its menu leaf when the route table does not
 * have the path yet). Then: `npm run db:generate`, fill in the domain fields
 * (each generated file marks where with "DOMÍNIO"), and run the tests.
 *
 * Example: npm run new:register -- turnos --entidade Turno --perm MUDANCA_HORARIO
 * (`--perm X` needs X_VER, X_NOVO, X_EDITAR and X_EXCLUIR in packages/contracts/src/permissions.ts:
 * the codes are the seeds', so the script never invents one.)
 *
 * How it edits the registries (issue 21 §4): never by finding a line of text,
 * which Prettier rewrites. Each registry is found by its structure with the
 * TypeScript compiler API — the `API_MODULES` array, the `API_AREAS` object,
 * the route `TABLE`, the `SCREENS` object, the menu's group, the
 * `UNIQUE_MESSAGES` object, the last `export … from` of an index — the entry
 * is inserted there, and every touched or new file goes through Prettier with
 * the repository's configuration. Everything is planned in memory first: a
 * missing anchor, an existing file or a syntax error stops the script before
 * it writes anything. If a write fails midway, every edited file gets its
 * original text back and every new file and folder is removed.
 * scripts/new-register.test.ts runs it on a copy of the repository in CI.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import ts from 'typescript';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const USO =
  'Uso: npm run new:register -- <area-em-kebab> [--entidade Nome] [--api segmento] [--perm CHAVE] [--rota /caminho] [--titulo Título]';

/** A refusal found while planning: nothing has been written yet. */
class Recusa extends Error {}

function parseArgs(argv) {
  const [area, ...rest] = argv;
  if (!area || !/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(area)) throw new Recusa(USO);
  const opts = {};
  const known = ['entidade', 'api', 'perm', 'rota', 'titulo'];
  for (let i = 0; i < rest.length; i += 2) {
    const key = rest[i].replace(/^--/, '');
    if (!rest[i].startsWith('--') || !known.includes(key) || rest[i + 1] === undefined)
      throw new Recusa(`Opção inválida: ${rest[i]}\n${USO}`);
    opts[key] = rest[i + 1];
  }
  const singular = area.replace(/-/g, ' ').replace(/s$/, '');
  const entidade = opts.entidade ?? singular.replace(/(^|\s)\w/g, (c) => c.toUpperCase()).replace(/\s/g, '');
  if (!/^[A-Z][A-Za-z0-9]*$/.test(entidade)) throw new Recusa(`--entidade deve ser PascalCase: ${entidade}`);
  const perm = opts.perm ?? area.toUpperCase().replace(/-/g, '_');
  if (!/^[A-Z][A-Z0-9_]*$/.test(perm)) throw new Recusa(`--perm deve ser uma chave em MAIÚSCULAS: ${perm}`);
  const rota = opts.rota ?? `/cadastros/${area}`;
  if (!/^(\/[a-z0-9-]+)+$/.test(rota)) throw new Recusa(`--rota inválida: ${rota}`);
  const api =
    opts.api ?? entidade.charAt(0).toLowerCase() + entidade.slice(1).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
  if (!/^[a-z][a-z0-9]*(-[a-z0-9]+)*$/.test(api)) throw new Recusa(`--api deve ser kebab-case: ${api}`);
  if (opts.titulo !== undefined && !/^[^'"\\`${}<>]+$/.test(opts.titulo))
    throw new Recusa(`--titulo sem aspas, crases, chaves ou barras invertidas: ${opts.titulo}`);
  return { area, entidade, api, perm, rota, titulo: opts.titulo };
}

const camel = (kebab) => kebab.replace(/-(\w)/g, (_, c) => c.toUpperCase());
const pascal = (kebab) => camel(kebab).replace(/^\w/, (c) => c.toUpperCase());

// ---- the plan: every file's new text, in memory, before anything is written

/** rel → text of each new file. */
const creates = new Map();
/** rel → { original, text } of each edited file. */
const edits = new Map();

function create(rel, text) {
  if (existsSync(join(root, rel)) || creates.has(rel)) throw new Recusa(`Já existe: ${rel}`);
  creates.set(rel, text);
}

function currentText(rel) {
  const known = edits.get(rel);
  if (known) return known.text;
  const file = join(root, rel);
  if (!existsSync(file)) throw new Recusa(`Não encontrei o arquivo ${rel}, onde o cadastro se registra.`);
  return readFileSync(file, 'utf8');
}

/** Applies `change(text, sourceFile) → text` to the planned text of a registry file. */
function edit(rel, change) {
  const text = currentText(rel);
  const next = change(text, parse(rel, text));
  if (next !== text)
    edits.set(rel, { original: edits.get(rel)?.original ?? readFileSync(join(root, rel), 'utf8'), text: next });
}

// ---- structural anchors (TypeScript compiler API)

function parse(rel, text) {
  return ts.createSourceFile(
    rel,
    text,
    ts.ScriptTarget.Latest,
    true,
    rel.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
}

/** `x as const`, `x satisfies T`, `(x)` → x. */
function unwrap(node) {
  let e = node;
  while (
    e &&
    (ts.isAsExpression(e) ||
      ts.isSatisfiesExpression(e) ||
      ts.isParenthesizedExpression(e) ||
      ts.isTypeAssertionExpression(e))
  )
    e = e.expression;
  return e;
}

/** The array or object literal a top-level `const name = …` holds; a clear refusal naming it when there is none. */
function literalOf(rel, sf, name, kind) {
  let init;
  for (const st of sf.statements)
    if (ts.isVariableStatement(st))
      for (const d of st.declarationList.declarations)
        if (ts.isIdentifier(d.name) && d.name.text === name) init = unwrap(d.initializer);
  const ok = kind === 'array' ? init && ts.isArrayLiteralExpression(init) : init && ts.isObjectLiteralExpression(init);
  if (!ok)
    throw new Recusa(
      `Não encontrei ${kind === 'array' ? 'a lista' : 'o objeto'} \`const ${name} = ${kind === 'array' ? '[…]' : '{…}'}\` em ${rel}.`,
    );
  return init;
}

const itemsOf = (literal) => (ts.isArrayLiteralExpression(literal) ? literal.elements : literal.properties);

/**
 * Inserts one more entry after the literal's last one, or after the last one `near` accepts (so a route
 * joins its section); Prettier lays it out afterwards.
 */
function append(text, literal, entry, near = () => true) {
  const items = itemsOf(literal);
  if (items.length === 0) {
    const at = literal.getStart() + 1;
    return `${text.slice(0, at)}\n${entry},\n${text.slice(at)}`;
  }
  const at = (items.filter(near).at(-1) ?? items[items.length - 1]).end;
  return `${text.slice(0, at)},\n${entry}${text.slice(at)}`;
}

const keyOf = (prop) =>
  prop.name && (ts.isIdentifier(prop.name) || ts.isStringLiteral(prop.name)) ? prop.name.text : undefined;
const propertyOf = (literal, key) => literal.properties.find((p) => keyOf(p) === key);

/** Inserts a statement after the last statement `pick` accepts (e.g. the last import). */
function insertAfterLast(rel, text, sf, pick, what, statement) {
  const last = sf.statements.filter(pick).at(-1);
  if (!last) throw new Recusa(`Não encontrei ${what} em ${rel}.`);
  return `${text.slice(0, last.end)}\n${statement}${text.slice(last.end)}`;
}

const isImport = (st) => ts.isImportDeclaration(st);
const addImport = (rel, text, sf, statement) =>
  insertAfterLast(rel, text, sf, isImport, 'nenhum import no topo', statement);
const exportFrom = (prefix) => (st) =>
  ts.isExportDeclaration(st) &&
  st.moduleSpecifier !== undefined &&
  ts.isStringLiteral(st.moduleSpecifier) &&
  st.moduleSpecifier.text.startsWith(prefix);

/** Adds `name` to `import { … } from 'module'` (a new import when the file has none from it). */
function addNamedImport(rel, text, sf, module, name) {
  const decl = sf.statements.find(
    (st) =>
      ts.isImportDeclaration(st) &&
      ts.isStringLiteral(st.moduleSpecifier) &&
      st.moduleSpecifier.text === module &&
      !st.importClause?.isTypeOnly &&
      st.importClause?.namedBindings &&
      ts.isNamedImports(st.importClause.namedBindings),
  );
  if (!decl) return addImport(rel, text, sf, `import { ${name} } from '${module}';`);
  const named = decl.importClause.namedBindings.elements;
  if (named.some((s) => s.name.text === name)) return text;
  const at = named[named.length - 1].end;
  return `${text.slice(0, at)}, ${name}${text.slice(at)}`;
}

/** The string of a call's first argument: `priv('/x', …)` → '/x'. */
const firstString = (node) =>
  ts.isCallExpression(node) && node.arguments[0] && ts.isStringLiteral(node.arguments[0])
    ? node.arguments[0].text
    : undefined;

/** Every node under `node` that `pick` accepts. */
function findAll(node, pick, found = []) {
  if (pick(node)) found.push(node);
  node.forEachChild((c) => void findAll(c, pick, found));
  return found;
}

// ---- names

let a;
try {
  a = parseArgs(process.argv.slice(2));
} catch (e) {
  console.error(e.message);
  process.exit(2);
}
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
  titulo: a.titulo ?? pascal(a.area).replace(/([a-z])([A-Z])/g, '$1 $2'),
};
const q = (s) => `'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;

/** Plans every file; throws Recusa on the first thing missing. */
function plan() {
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
    `${feat}/components/salvar-${n.api}-dialog.tsx`,
    `import { ${n.apiNs}, type ${n.Entity}, type ${n.Entity}Form } from '@jornada/contracts';
import { SwitchControl, TextControl } from '../../../components/ui/form-controls';
import { FormDialog } from '../../../components/ui/register/form-dialog';
import { listar${n.areaPascal}, salvar${n.Entity} } from '../api/${n.area}-api';

const L = ${n.apiNs}.${n.entity.toUpperCase()}_LIMITS;
const emptyForm: ${n.Entity}Form = { id: null, codigo: '', nome: '', gerarCodogioEmSequencia: true };
const fromRow = (r: ${n.Entity}): ${n.Entity}Form => ({ id: r.id, codigo: r.codigo, nome: r.nome, gerarCodogioEmSequencia: false });

/** Create/edit a(n) ${n.entityLower}: the contract's form schema validates here and on the server. */
export function Salvar${n.Entity}Dialog({ visible, row, onHide }: { visible: boolean; row: ${n.Entity} | null; onHide: () => void }) {
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
import { useListTable } from '../../../components/ui/list-table';
import { useRegisterDialog } from '../../../components/ui/register/use-register';
import { excluir${n.Entity}, listar${n.areaPascal} } from '../api/${n.area}-api';
import { Salvar${n.Entity}Dialog } from './salvar-${n.api}-dialog';

const COLUMNS: readonly RegisterColumn<${n.Entity}>[] = [
  { field: 'codigo', header: 'Código', sortable: true, width: '9rem' },
  { field: 'nome', header: 'Nome', sortable: true },
  // DOMÍNIO: the seed's columns.
];

export function ${n.areaPascal}Page() {
  const table = useListTable();
  const rows = listar${n.areaPascal}.useQuery({});
  const excluir = excluir${n.Entity}.useMutation({ invalidates: [listar${n.areaPascal}.endpoint] });
  const dialog = useRegisterDialog<${n.Entity}>();
  return (
    <RegisterPage<${n.Entity}>
      title="${n.titulo}"
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
      <Salvar${n.Entity}Dialog visible={dialog.visible} row={dialog.row} onHide={dialog.close} />
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
  title: '${n.titulo}',
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

  // ---- registry edits

  // The register's four permission codes must be in the catalogue: the codes are the seeds', never invented here.
  edit('packages/contracts/src/permissions.ts', (text, sf) => {
    const catalogue = literalOf('packages/contracts/src/permissions.ts', sf, 'CATALOGUE', 'object');
    const missing = ['VER', 'NOVO', 'EDITAR', 'EXCLUIR']
      .map((s) => `${n.perm}_${s}`)
      .filter((k) => !propertyOf(catalogue, k));
    if (missing.length > 0)
      throw new Recusa(
        `Permissões ausentes em packages/contracts/src/permissions.ts (CATALOGUE): ${missing.join(', ')}. ` +
          'Cadastre os códigos do seed antes, ou passe --perm com uma chave que tenha _VER, _NOVO, _EDITAR e _EXCLUIR.',
      );
    return text;
  });

  edit('packages/contracts/src/endpoints.ts', (text, sf) => {
    const areas = literalOf('packages/contracts/src/endpoints.ts', sf, 'API_AREAS', 'object');
    if (propertyOf(areas, camel(n.api))) throw new Recusa(`API_AREAS já tem a área ${camel(n.api)}.`);
    return append(text, areas, `${camel(n.api)}: ${n.apiNs}`);
  });
  edit('packages/contracts/src/endpoints.ts', (text, sf) =>
    addImport('packages/contracts/src/endpoints.ts', text, sf, `import * as ${n.apiNs} from './api/${n.api}.js';`),
  );
  edit('packages/contracts/src/index.ts', (text, sf) =>
    insertAfterLast(
      'packages/contracts/src/index.ts',
      text,
      sf,
      exportFrom('./api/'),
      "um export … from './api/…'",
      `export * as ${n.apiNs} from './api/${n.api}.js';\nexport type { ${n.Entity}, ${n.Entity}Form } from './api/${n.api}.js';`,
    ),
  );

  /** The route's first segment ('/cadastros/'): a new route and screen join the entries of their section. */
  const section = `/${n.rota.split('/')[1]}/`;
  // The route: a seed screen is already in the table (PENDING on the web); a new path gets its row and menu leaf.
  let newRoute = false;
  edit('packages/contracts/src/routes.ts', (text, sf) => {
    const table = literalOf('packages/contracts/src/routes.ts', sf, 'TABLE', 'array');
    if (table.elements.some((e) => firstString(e) === n.rota)) return text;
    newRoute = true;
    return append(text, table, `priv(${q(n.rota)}, ${q(n.titulo)}, PERM.${n.perm}_VER)`, (e) =>
      firstString(e)?.startsWith(section),
    );
  });
  if (newRoute)
    edit('packages/contracts/src/menu.ts', (text, sf) => {
      const menu = literalOf('packages/contracts/src/menu.ts', sf, 'SIDE_MENU', 'array');
      const groupKey = n.rota.split('/')[1];
      const [group] = findAll(
        menu,
        (c) =>
          ts.isCallExpression(c) &&
          ts.isIdentifier(c.expression) &&
          c.expression.text === 'group' &&
          firstString(c) === groupKey,
      );
      const children = group && unwrap(group.arguments.at(-1));
      if (!children || !ts.isArrayLiteralExpression(children))
        throw new Recusa(
          `Não encontrei o grupo \`group('${groupKey}', …, [...])\` de SIDE_MENU em packages/contracts/src/menu.ts para a rota nova ${n.rota}.`,
        );
      const keys = findAll(menu, (c) => ts.isCallExpression(c)).map(firstString);
      if (keys.includes(n.area))
        throw new Recusa(`O menu já tem a chave '${n.area}' (packages/contracts/src/menu.ts).`);
      return append(text, children, `leaf(${q(n.area)}, ${q(n.titulo)}, ${q(n.rota)})`);
    });

  edit('apps/api/src/db/schema/index.ts', (text, sf) =>
    insertAfterLast(
      'apps/api/src/db/schema/index.ts',
      text,
      sf,
      exportFrom('./'),
      "um export * from './…'",
      `export * from './${n.area}.js';`,
    ),
  );
  edit('apps/api/src/shared/database-errors.ts', (text, sf) => {
    const messages = literalOf('apps/api/src/shared/database-errors.ts', sf, 'UNIQUE_MESSAGES', 'object');
    return append(text, messages, `${n.table}_tenant_codigo_uq: ${n.apiNs}.${n.entity.toUpperCase()}_MSG.codigoEmUso`);
  });
  edit('apps/api/src/shared/database-errors.ts', (text, sf) =>
    addNamedImport('apps/api/src/shared/database-errors.ts', text, sf, '@jornada/contracts', n.apiNs),
  );

  edit('apps/api/src/modules/index.ts', (text, sf) =>
    append(text, literalOf('apps/api/src/modules/index.ts', sf, 'API_MODULES', 'array'), `${n.areaCamel}Routes`),
  );
  edit('apps/api/src/modules/index.ts', (text, sf) =>
    addImport(
      'apps/api/src/modules/index.ts',
      text,
      sf,
      `import { ${n.areaCamel}Routes } from './${n.area}/${n.area}.routes.js';`,
    ),
  );

  edit('apps/web/src/app/screens.tsx', (text, sf) => {
    const screens = literalOf('apps/web/src/app/screens.tsx', sf, 'SCREENS', 'object');
    const screen = `lazyScreen(() => import('../features/${n.area}/components/${n.area}-page'), (m) => m.${n.areaPascal}Page)`;
    const existing = propertyOf(screens, n.rota);
    if (!existing) return append(text, screens, `${q(n.rota)}: ${screen}`, (p) => keyOf(p)?.startsWith(section));
    const init = ts.isPropertyAssignment(existing) ? existing.initializer : undefined;
    if (!init || !ts.isIdentifier(init) || init.text !== 'PENDING')
      throw new Recusa(`A rota ${n.rota} já tem tela em apps/web/src/app/screens.tsx (não está PENDING).`);
    return `${text.slice(0, init.getStart())}${screen}${text.slice(init.end)}`;
  });
}

// ---- run: plan and format in memory, then write; undo everything on a failure midway

async function formatted(rel, text) {
  const filepath = join(root, rel);
  const options = (await prettier.resolveConfig(filepath)) ?? {};
  return prettier.format(text, { ...options, filepath });
}

try {
  plan();
  for (const [rel, text] of creates) creates.set(rel, await formatted(rel, text));
  for (const [rel, e] of edits) e.text = await formatted(rel, e.text);
} catch (e) {
  console.error(
    `${e instanceof Recusa ? e.message : `Falha ao preparar o cadastro: ${e.stack ?? e}`}\nNada foi escrito.`,
  );
  process.exit(1);
}

const written = [];
const madeDirs = [];
try {
  // Registry edits first, new files after: a failure on either is undone below.
  for (const [rel, e] of edits) {
    written.push(rel);
    writeFileSync(join(root, rel), e.text);
  }
  for (const [rel, text] of creates) {
    const made = mkdirSync(dirname(join(root, rel)), { recursive: true });
    if (made) madeDirs.push(made);
    written.push(rel);
    writeFileSync(join(root, rel), text, { flag: 'wx' });
  }
} catch (e) {
  const problems = [];
  for (const rel of written.reverse()) {
    try {
      if (edits.has(rel)) writeFileSync(join(root, rel), edits.get(rel).original);
      else rmSync(join(root, rel), { force: true });
    } catch (err) {
      problems.push(`  ${rel}: ${err.message}`);
    }
  }
  for (const dir of madeDirs.reverse()) rmSync(dir, { recursive: true, force: true });
  console.error(
    `Falha ao gravar o cadastro (${e.message}).\n` +
      (problems.length === 0
        ? 'Tudo foi desfeito: os arquivos editados voltaram ao original e os novos foram removidos.'
        : `Não consegui desfazer:\n${problems.join('\n')}`),
  );
  process.exit(1);
}

console.log(`Cadastro ${n.Entity} criado.\n\nArquivos novos:\n${[...creates.keys()].map((f) => `  ${f}`).join('\n')}`);
console.log(`\nRegistros editados:\n${[...edits.keys()].map((f) => `  ${f}`).join('\n')}`);
console.log(
  `\nPróximos passos:\n  1. npm run db:generate (migração da tabela ${n.table})\n  2. preencha o domínio onde está marcado "DOMÍNIO"\n  3. npm run check`,
);
