import { z } from 'zod';
import {
  MSG,
  PERM,
  calendario,
  escalaApi,
  type Ciclo,
  type ConfiguracaoEscala,
  type EscalaResumo,
  type ListaCiclos,
  type ListaCiclosResumo,
} from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, forbidden, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { documentoVersao } from '../../shared/escala-documento.js';
import { tenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import { escalasRepository as repo, type VersaoRow } from './escalas.repository.js';
import { comValidade, scheduleInputDe, sequenciaCiclos, type VersaoCalculo } from './escala-engine.js';

export { atribuicoes, scheduleInputDe, type EntradaHistorico, type VersaoCalculo } from './escala-engine.js';

const M = escalaApi.ESCALA_MSG;
const ciclosSchema = z.array(escalaApi.ciclo);

/** A stored document read back through the contract: fields added since it was written get their defaults. */
const documento = (v: VersaoRow): ConfiguracaoEscala => escalaApi.configuracaoEscala.parse(v.configuracao);

const rotulo = (c: { descricao: string; tipoEscala: string }) =>
  `${c.descricao} (${escalaApi.TIPO_ESCALA_DESCRICAO[c.tipoEscala as 'EQH'] ?? c.tipoEscala})`;

/** The hour-bank part of a document (tab Banco de Horas, code 66). */
const BANCO = ['incluirBancoHoras', 'politicaBancoHora', 'bancoHoraArmazenamento', 'bancoHoraTransferencia'] as const;

/**
 * The versions of these schedules valid somewhere in [de, ate] (yyyy-mm-dd),
 * each already mapped to the engine's `ScheduleInput`, oldest first per
 * schedule, with `validaAte` the day before the next version (null = open).
 * For the calculation (issue 11), inside its own unit of work; combine with
 * the employee's history through `atribuicoes`.
 */
export async function versoesParaCalculo(
  w: Pick<TenantWork, 'tx' | 'tenantId'>,
  escalaIds: readonly number[],
  de: string,
  ate: string,
): Promise<Map<number, VersaoCalculo[]>> {
  const rows = await repo.versoesDe(w.tx, w.tenantId, [...new Set(escalaIds)]);
  const porEscala = new Map<number, VersaoRow[]>();
  for (const r of rows) porEscala.set(r.escalaId, [...(porEscala.get(r.escalaId) ?? []), r]);
  const out = new Map<number, VersaoCalculo[]>();
  for (const [escalaId, versoes] of porEscala) {
    out.set(
      escalaId,
      comValidade(versoes)
        .filter((v) => v.validaDesde <= ate && (v.validaAte === null || v.validaAte >= de))
        .map((v) => ({
          escalaId,
          validaDesde: v.validaDesde,
          validaAte: v.validaAte,
          schedule: scheduleInputDe(documento(v)),
        })),
    );
  }
  return out;
}

/**
 * Escalas de Horários (seed 001 §2.1, §2.2, §2.4, §7): schedules with
 * versions (decision 0027) and the rotation cycle lists. Schedules belong to
 * the tenant, not to a company: every user of the tenant with the codes sees
 * them all.
 */
export function escalasService(deps: Deps) {
  const run = tenantWork(deps);

  async function escalaOu404(w: TenantWork, id: number, lock = false) {
    const e = await repo.find(w.tx, w.tenantId, id, lock);
    if (!e) throw notFound(M.escalaNaoEncontrada);
    return e;
  }

  async function descricaoLivre(w: TenantWork, descricao: string, exceto: number | null) {
    if (await repo.descricaoEmUso(w.tx, w.tenantId, descricao, exceto)) throw badRequest(M.descricaoEmUso);
  }

  /**
   * The cycle list a rotation copies (decision 0027). A list deleted after the
   * schedule was saved can still be re-saved with the copy the version holds.
   */
  async function listaDoRevezamento(w: TenantWork, c: ConfiguracaoEscala, anterior: ConfiguracaoEscala | null) {
    if (c.tipoEscala !== 'ERC') return null;
    const id = c.revezamento!.idCiclo!;
    const row = await repo.findCiclos(w.tx, w.tenantId, id);
    if (row) return { id, descricao: row.descricao, ciclos: ciclosSchema.parse(row.ciclos) };
    const copia = anterior?.tipoEscala === 'ERC' ? anterior.revezamento : null;
    if (copia?.idCiclo === id && copia.ciclos?.length) {
      return { id, descricao: copia.descricaoCiclos ?? '', ciclos: copia.ciclos };
    }
    throw badRequest(M.listaCiclosNaoEncontrada);
  }

  /**
   * What the caller's codes let it change: a rotation needs 86 to be chosen
   * (seed 001 §2.2), the bank tab needs 66; without 66 the bank stays as it
   * was (off on a new schedule).
   */
  function conformeCodigos(auth: AuthContext, c: ConfiguracaoEscala, anterior: ConfiguracaoEscala | null) {
    if (
      c.tipoEscala === 'ERC' &&
      anterior?.tipoEscala !== 'ERC' &&
      !auth.permissoes.has(PERM.ESCALAS_HORARIOS_REVEZAMENTO)
    ) {
      throw forbidden(MSG.semPermissao);
    }
    if (auth.permissoes.has(PERM.ESCALAS_HORARIOS_BANCO_HORAS)) return c;
    const banco = anterior
      ? Object.fromEntries(BANCO.map((k) => [k, anterior[k]]))
      : {
          incluirBancoHoras: false,
          politicaBancoHora: null,
          bancoHoraArmazenamento: null,
          bancoHoraTransferencia: null,
        };
    return { ...c, ...banco } as ConfiguracaoEscala;
  }

  return {
    async listarEscalas(auth: AuthContext): Promise<EscalaResumo[]> {
      return run(auth, (w) => repo.list(w.tx, w.tenantId));
    },

    async buscarEscala(auth: AuthContext, id: number, data: string | null) {
      return run(auth, async (w) => {
        await escalaOu404(w, id);
        const versoes = await repo.versoes(w.tx, w.tenantId, id);
        // The version valid on `data`, else the latest; the first covers any day before it.
        const escolhida = (data ? versoes.filter((v) => v.validaDesde <= data).at(-1) : versoes.at(-1)) ?? versoes[0]!;
        return {
          idContrato: id,
          configuracao: documento(escolhida),
          temHistorico: await repo.emUso(w.tx, w.tenantId, id),
          validaDesde: escolhida.validaDesde,
          versoes: versoes.map((v) => ({
            id: v.id,
            validaDesde: v.validaDesde,
            tipoEscala: documento(v).tipoEscala,
          })),
        };
      });
    },

    async salvarEscala(auth: AuthContext, configuracao: ConfiguracaoEscala) {
      return run(auth, async (w) => {
        const c = conformeCodigos(auth, configuracao, null);
        await descricaoLivre(w, c.descricao, null);
        const doc = documentoVersao(c, await listaDoRevezamento(w, c, null));
        const id = await repo.insert(w.tx, w.tenantId, { descricao: doc.descricao, tipo: doc.tipoEscala });
        await repo.insertVersao(w.tx, w.tenantId, {
          escalaId: id,
          validaDesde: escalaApi.VALIDA_DESDE_INICIAL,
          configuracao: doc,
          criadoPor: auth.suporte ? null : auth.userId,
        });
        await w.audit({ acao: 'Cadastrar', descricao: `Escala de horários ${rotulo(doc)}` });
        return { mensagem: M.escalaSalva, idContrato: id };
      });
    },

    /**
     * Decision 0027: a schedule no employee history names has its latest
     * version replaced; one in use needs `aPartirDe`, which creates a version
     * from that day (or replaces the version of that very day). The schedule
     * row is locked first (FOR UPDATE), so changes of one schedule run one at a time;
     * and since inserting a history row takes the foreign key's KEY SHARE lock on
     * this row, an employee being assigned to the schedule at the same moment
     * either commits first (and `emUso` below sees it) or waits for this save.
     */
    async alterarEscala(auth: AuthContext, id: number, configuracao: ConfiguracaoEscala, aPartirDe: string | null) {
      return run(auth, async (w) => {
        const antes = await escalaOu404(w, id, true);
        const ultima = (await repo.latestVersao(w.tx, w.tenantId, id))!;
        const anterior = documento(ultima);
        const c = conformeCodigos(auth, configuracao, anterior);
        await descricaoLivre(w, c.descricao, id);
        const doc = documentoVersao(c, await listaDoRevezamento(w, c, anterior));
        const emUso = await repo.emUso(w.tx, w.tenantId, id);
        const criadoPor = auth.suporte ? null : auth.userId;
        let validaDesde = ultima.validaDesde;
        if (!emUso || aPartirDe === ultima.validaDesde) {
          await repo.replaceVersao(w.tx, w.tenantId, ultima.id, { configuracao: doc, criadoPor, criadoEm: w.now });
        } else if (!aPartirDe) {
          throw badRequest(M.informeAPartirDe);
        } else if (aPartirDe < ultima.validaDesde) {
          throw badRequest(M.aPartirDeAnterior(calendario.diaMesAno(ultima.validaDesde)));
        } else {
          validaDesde = aPartirDe;
          await repo.insertVersao(w.tx, w.tenantId, { escalaId: id, validaDesde, configuracao: doc, criadoPor });
        }
        await repo.update(w.tx, w.tenantId, id, { descricao: doc.descricao, tipo: doc.tipoEscala });
        const versao =
          validaDesde === escalaApi.VALIDA_DESDE_INICIAL
            ? ''
            : ` (versão a partir de ${calendario.diaMesAno(validaDesde)})`;
        await w.audit({
          acao: 'Editar',
          descricao: `Escala de horários ${rotulo({ descricao: antes.descricao, tipoEscala: antes.tipo })} alterada para ${rotulo(doc)}${versao}`,
        });
        return { mensagem: M.escalaAlterada, validaDesde };
      });
    },

    async excluirEscala(auth: AuthContext, id: number) {
      return run(auth, async (w) => {
        const e = await escalaOu404(w, id, true);
        if (await repo.emUso(w.tx, w.tenantId, id)) throw badRequest(M.escalaEmUso);
        await repo.remove(w.tx, w.tenantId, id);
        await w.audit({
          acao: 'Excluir',
          descricao: `Escala de horários ${rotulo({ descricao: e.descricao, tipoEscala: e.tipo })}`,
        });
        return { mensagem: M.escalaExcluida };
      });
    },

    // ---------------------------------------------------------- cycle lists

    async listarCiclos(auth: AuthContext): Promise<ListaCiclosResumo[]> {
      return run(auth, (w) => repo.listCiclos(w.tx, w.tenantId));
    },

    async detalhesCiclos(auth: AuthContext, id: number): Promise<ListaCiclos> {
      return run(auth, async (w) => {
        const row = await repo.findCiclos(w.tx, w.tenantId, id);
        if (!row) throw notFound(M.listaCiclosNaoEncontrada);
        return { id: row.id, descricao: row.descricao, ciclos: ciclosSchema.parse(row.ciclos) };
      });
    },

    async salvarCiclos(auth: AuthContext, descricao: string, ciclos: Ciclo[]) {
      return run(auth, async (w) => {
        // Every cycle keeps its place: a missing posicao is its place in the list.
        const lista = ciclos.map((c, i) => ({ ...c, posicao: c.posicao ?? i + 1 }));
        const id = await repo.insertCiclos(w.tx, w.tenantId, { descricao, ciclos: lista });
        await w.audit({ acao: 'Cadastrar', descricao: `Lista de ciclos ${descricao} (${lista.length} ciclo(s))` });
        return { mensagem: M.ciclosSalvos, idCiclo: id };
      });
    },

    /** Deleting a list changes no schedule: each version holds its own copy of the cycles. */
    async excluirCiclo(auth: AuthContext, id: number) {
      return run(auth, async (w) => {
        const descricao = await repo.removeCiclos(w.tx, w.tenantId, id);
        if (descricao === undefined) throw notFound(M.listaCiclosNaoEncontrada);
        await w.audit({ acao: 'Excluir', descricao: `Lista de ciclos ${descricao}` });
        return { mensagem: M.cicloExcluido };
      });
    },

    async sequenciaCiclosEscala(auth: AuthContext, id: number, dataInicio: string | null, dias: number) {
      return run(auth, async (w) => {
        const row = await repo.findCiclos(w.tx, w.tenantId, id);
        if (!row) throw notFound(M.listaCiclosNaoEncontrada);
        return sequenciaCiclos(ciclosSchema.parse(row.ciclos), dias, dataInicio);
      });
    },
  };
}
