import { LIMITS, MSG, PERM, cargoApi, type Cargo, type ParsedBodyOf } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { withTenant } from '../../db/tenant-tx.js';
import { insertWithNextCode, type CodeSequence } from '../../db/sequences.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { conflict, forbidden, notFound } from '../../shared/app-error.js';
import { logOperation } from '../operation-log/operation-log.repository.js';
import { compiled, RawJson } from '../../http/serializer.js';
import { bumpVersion } from '../../shared/versioned-cache.js';
import { cargosRepository as repo } from './cargos.repository.js';

type CargoForm = ParsedBodyOf<typeof cargoApi.salvarCargo>['cargo'];

const CACHE_KEY = 'cargos';
const CARGO_CODES: CodeSequence = { key: 'cargos', table: 'cargos', maxLength: LIMITS.cargoCodigo };
const serialize = (list: Cargo[]) => compiled(cargoApi.listarCargos.response)(list);

export function cargosService(deps: Deps) {
  const { db, clock } = deps;

  return {
    /**
     * The whole list (the screen filters and pages it; other screens use it as
     * a lookup), served from the versioned cache while no cargo changed.
     */
    async list(auth: AuthContext): Promise<RawJson> {
      const body = await deps.listCache.get(auth.tenantId, CACHE_KEY, async () =>
        serialize(await withTenant(db, auth.tenantId, (tx) => repo.list(tx, auth.tenantId))),
      );
      return new RawJson(body);
    },

    async get(auth: AuthContext, id: number): Promise<Cargo> {
      const cargo = await withTenant(db, auth.tenantId, (tx) => repo.find(tx, auth.tenantId, id));
      if (!cargo) throw notFound(MSG.naoEncontrado);
      return cargo;
    },

    /** Create (code 20) or, with an id, edit (code 21): seed 000 §6. */
    async save(auth: AuthContext, form: CargoForm): Promise<{ mensagem: string }> {
      const editing = form.id !== null && form.id !== undefined;
      if (!auth.permissoes.has(editing ? PERM.CARGOS_EDITAR : PERM.CARGOS_NOVO)) throw forbidden(MSG.semPermissao);

      return withTenant(db, auth.tenantId, async (tx) => {
        if (!editing && form.gerarCodogioEmSequencia) {
          const created = await insertWithNextCode(tx, auth.tenantId, CARGO_CODES, (codigo) =>
            repo.insertIfCodeFree(tx, auth.tenantId, { codigo, nome: form.nome }),
          );
          await bumpVersion(tx, auth.tenantId, CACHE_KEY);
          await logOperation(tx, auth, 'Cadastrar', `Cargo ${created.codigo} - ${created.nome}`, clock.now());
          return { mensagem: MSG.cargoSalvo };
        }
        const codigo = form.codigo!;
        // The friendly message names the code; a concurrent save of the same
        // code still meets the unique index, which answers 409 as well.
        const clash = await repo.findByCodigo(tx, auth.tenantId, codigo);
        if (clash && clash.id !== form.id) throw conflict(MSG.cargoCodigoDuplicado(codigo));

        if (editing) {
          const before = await repo.find(tx, auth.tenantId, form.id!);
          if (!before) throw notFound(MSG.naoEncontrado);
          await repo.update(tx, auth.tenantId, form.id!, { codigo, nome: form.nome });
          await bumpVersion(tx, auth.tenantId, CACHE_KEY);
          await logOperation(
            tx,
            auth,
            'Editar',
            `Cargo ${before.codigo} - ${before.nome} alterado para ${codigo} - ${form.nome}`,
            clock.now(),
          );
          return { mensagem: MSG.cargoAlterado };
        }
        const created = await repo.insert(tx, auth.tenantId, { codigo, nome: form.nome });
        await bumpVersion(tx, auth.tenantId, CACHE_KEY);
        await logOperation(tx, auth, 'Cadastrar', `Cargo ${created.codigo} - ${created.nome}`, clock.now());
        return { mensagem: MSG.cargoSalvo };
      });
    },

    async remove(auth: AuthContext, id: number): Promise<{ mensagem: string }> {
      return withTenant(db, auth.tenantId, async (tx) => {
        const removed = await repo.delete(tx, auth.tenantId, id);
        if (!removed) throw notFound(MSG.naoEncontrado);
        await bumpVersion(tx, auth.tenantId, CACHE_KEY);
        await logOperation(tx, auth, 'Excluir', `Cargo ${removed.codigo} - ${removed.nome}`, clock.now());
        return { mensagem: MSG.cargoExcluido };
      });
    },
  };
}
