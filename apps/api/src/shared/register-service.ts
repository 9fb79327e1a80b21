import type { z } from 'zod';
import { MSG } from '@jornada/contracts';
import type { RegisterRepository } from '../db/register-repository.js';
import { insertWithNextCode, type CodeSequence } from '../db/sequences.js';
import { conflict, forbidden, notFound } from './app-error.js';
import type { AuthContext } from './auth-context.js';
import { compiled, RawJson } from './serialized-json.js';
import type { TenantWork, RunTenantWork } from './unit-of-work.js';
import type { VersionedCache } from './versioned-cache.js';

/** What a register form carries for the generic save: an id when editing, a code when coded. */
export interface RegisterForm {
  id?: number | null | undefined;
  codigo?: string | null | undefined;
  /** The seeds' spelling: take the next automatic code (new records only). */
  gerarCodogioEmSequencia?: boolean | undefined;
}

/**
 * One register (a seed's cadastro) described once; `registerService` turns it
 * into the list/get/save/remove use cases with the house rules: permission
 * narrowing on save (create vs edit), one transaction with the operation log
 * and the list-version bump, race-free automatic codes, a Portuguese 409 for a
 * duplicate code, 404 for another tenant's id. The register writes only its
 * domain: the columns a form maps to and the checks only it knows.
 */
export interface RegisterDef<Row extends { id: number }, Form extends RegisterForm> {
  /** Versioned-list key (decision 0006), also the name of the code sequence. */
  key: string;
  repository: RegisterRepository<Row>;
  /** The list call's response schema: the cached list is serialised by it. */
  listResponse: z.ZodType;
  permissions: { create: number; edit: number };
  /** Registers with codes: the column's length (the sequence never exceeds it). */
  codeMaxLength?: number;
  messages: {
    created: string;
    changed: string;
    removed: string;
    duplicateCode?: (codigo: string) => string;
  };
  /** The record's kind as the operation log names it ("Cargo"). */
  entity: string;
  /** How the operation log names one record after the kind ("3 - Motorista"). */
  label(row: Row): string;
  /** The domain columns a form writes (the code and tenant are added by the kit). */
  values(form: Form): Record<string, unknown>;
  /** Domain checks before a save (throw an AppError to refuse). */
  beforeSave?(work: TenantWork, form: Form, before: Row | undefined): Promise<void>;
  /** Domain checks before a delete: refuse a record still in use. */
  beforeRemove?(work: TenantWork, row: Row): Promise<void>;
}

export function registerService<Row extends { id: number }, Form extends RegisterForm>(
  deps: { run: RunTenantWork; listCache: VersionedCache },
  def: RegisterDef<Row, Form>,
) {
  const repo = def.repository;
  const serialize = compiled(def.listResponse);
  const sequence: CodeSequence | undefined =
    def.codeMaxLength === undefined ? undefined : { key: def.key, table: repo.tableName, maxLength: def.codeMaxLength };
  /** The columns a save writes: the domain's, plus the typed code on coded registers. */
  const columnsOf = (form: Form) => (sequence ? { ...def.values(form), codigo: form.codigo } : def.values(form));

  async function create(w: TenantWork, form: Form, automatic: boolean): Promise<Row> {
    if (automatic) {
      const values = def.values(form);
      return insertWithNextCode(w.tx, w.tenantId, sequence!, (codigo) =>
        repo.insertIfCodeFree(w.tx, w.tenantId, { ...values, codigo }),
      );
    }
    return repo.insert(w.tx, w.tenantId, columnsOf(form));
  }

  return {
    /** The whole list, from the versioned cache while nothing in it changed. */
    async list(auth: AuthContext): Promise<RawJson> {
      const body = await deps.listCache.get(auth.tenantId, def.key, async () =>
        serialize(await deps.run(auth, (w) => repo.list(w.tx, w.tenantId))),
      );
      return new RawJson(body);
    },

    async get(auth: AuthContext, id: number): Promise<Row> {
      const row = await deps.run(auth, (w) => repo.find(w.tx, w.tenantId, id));
      if (!row) throw notFound(MSG.naoEncontrado);
      return row;
    },

    /** Create (permissions.create) or, with an id, edit (permissions.edit). */
    async save(auth: AuthContext, form: Form): Promise<{ mensagem: string }> {
      const editing = form.id !== null && form.id !== undefined;
      if (!auth.permissoes.has(editing ? def.permissions.edit : def.permissions.create)) {
        throw forbidden(MSG.semPermissao);
      }
      return deps.run(auth, async (w) => {
        const before = editing ? await repo.find(w.tx, w.tenantId, form.id!) : undefined;
        if (editing && !before) throw notFound(MSG.naoEncontrado);
        const automatic = sequence !== undefined && !editing && form.gerarCodogioEmSequencia === true;
        if (sequence && !automatic && form.codigo) {
          // The friendly message names the code; a concurrent save of the
          // same code still meets the unique index, which answers 409 too.
          const clash = await repo.findByCodigo(w.tx, w.tenantId, form.codigo);
          if (clash && clash.id !== form.id) {
            throw conflict(def.messages.duplicateCode?.(form.codigo) ?? MSG.registroDuplicado);
          }
        }
        await def.beforeSave?.(w, form, before);
        if (editing) {
          const after = await repo.update(w.tx, w.tenantId, form.id!, columnsOf(form));
          if (!after) throw notFound(MSG.naoEncontrado);
          await w.audit({
            acao: 'Editar',
            descricao: `${def.entity} ${def.label(before!)} alterado para ${def.label(after)}`,
            lists: [def.key],
          });
          return { mensagem: def.messages.changed };
        }
        const created = await create(w, form, automatic);
        await w.audit({ acao: 'Cadastrar', descricao: `${def.entity} ${def.label(created)}`, lists: [def.key] });
        return { mensagem: def.messages.created };
      });
    },

    async remove(auth: AuthContext, id: number): Promise<{ mensagem: string }> {
      return deps.run(auth, async (w) => {
        const row = await repo.find(w.tx, w.tenantId, id);
        if (!row) throw notFound(MSG.naoEncontrado);
        await def.beforeRemove?.(w, row);
        await repo.delete(w.tx, w.tenantId, id);
        await w.audit({ acao: 'Excluir', descricao: `${def.entity} ${def.label(row)}`, lists: [def.key] });
        return { mensagem: def.messages.removed };
      });
    },
  };
}
