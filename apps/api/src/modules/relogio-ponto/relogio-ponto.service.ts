import { MSG, PERM, relogioPontoApi, type RelogioPonto, type TokenRelogio } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, forbidden, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { companyTokenCipher } from '../../shared/field-cipher.js';
import { newToken, tokenHash } from '../../shared/secrets.js';
import type { Tx } from '../../db/tenant-tx.js';
import { tenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import { relogioPontoRepository as repo, type RelogioValores } from './relogio-ponto.repository.js';
import { chaveDoRelogio } from './serie.js';

const M = relogioPontoApi.RELOGIO_PONTO_MSG;

/** Seed 001 §5: the IdFace registers employees by PIS only, so its portaria is 1510 whatever was chosen. */
function comRegrasDoFabricante(v: RelogioValores): RelogioValores {
  return v.fabricante === relogioPontoApi.FABRICANTE_IDFACE ? { ...v, portaria: '1510' } : v;
}

const rotulo = (r: Pick<RelogioPonto, 'fabricante' | 'numeroSerie'>) => `${r.fabricante} ${r.numeroSerie}`;

/** The company's registered clocks by `chaveDoRelogio` (the AFD import's and the desktop collector's check). */
export async function seriesCadastradas(tx: Tx, tenantId: number, cnpjId: number): Promise<Set<string>> {
  return new Set((await repo.listar(tx, tenantId, cnpjId)).map((r) => chaveDoRelogio(r.numeroSerie)));
}

/** A demo clock's fields: the seed's defaults unless given (issue 25 §6). */
export type RelogioDemonstracao = Pick<RelogioValores, 'numeroSerie' | 'localInstalacao'> & Partial<RelogioValores>;

/**
 * The demo's clocks (issue 25 §6), in the demo seed's transaction: each
 * company's REP of the demo AFDs, and whatever else the seed asks.
 */
export async function cadastrarRelogiosDemonstracao(
  tx: Tx,
  tenantId: number,
  cnpjId: number,
  relogios: readonly RelogioDemonstracao[],
): Promise<void> {
  for (const r of relogios) {
    await repo.inserir(tx, tenantId, cnpjId, {
      fabricante: 'ControlId',
      modelo: 'ControlId',
      portaria: '671',
      autorizacao: null,
      integracaoLeitorFacial: false,
      numeroSerieLeitorFacial: null,
      tipoServico: 'N/D',
      idCloud: null,
      proximoNSR: null,
      ...r,
    });
  }
}

/**
 * Relógio de Ponto (seed 001 §2.10; issue 25 §2): a company's clocks, in
 * the caller's companies, and the tenant's company token — 32 random bytes,
 * generated once, kept sealed to be shown and copied again and looked up by
 * its hash when a device presents it.
 */
export function relogioPontoService(deps: Deps) {
  const run = tenantWork(deps);
  const lacre = () => companyTokenCipher(deps.config);

  async function relogioVisivel(w: TenantWork, id: number) {
    const r = await repo.buscar(w.tx, w.tenantId, id);
    if (!r) throw notFound(M.naoEncontrado);
    (await w.scope()).requireCnpj(r.cnpjId);
    return r;
  }

  /**
   * The token lets a device write punches into the tenant: its value goes only to who may register clocks
   * (154 or 155); a viewer (153) learns that it exists and since when.
   */
  async function lerToken(w: TenantWork): Promise<TokenRelogio> {
    const t = await repo.token(w.tx, w.tenantId);
    if (!t) return { tokenGerado: false, valor: null, data: null };
    const podeVer = w.auth.permissoes.has(PERM.RELOGIO_PONTO_NOVO) || w.auth.permissoes.has(PERM.RELOGIO_PONTO_EDITAR);
    return { tokenGerado: true, valor: podeVer ? lacre().decrypt(t.cifrado) : null, data: t.geradoEm.toISOString() };
  }

  return {
    listar(auth: AuthContext, cnpj: number): Promise<RelogioPonto[]> {
      return run(auth, async (w) => {
        const cnpjId = cnpj;
        (await w.scope()).requireCnpj(cnpjId);
        return repo.listar(w.tx, w.tenantId, cnpjId);
      });
    },

    salvar(
      auth: AuthContext,
      form: RelogioValores & { id?: number | null | undefined },
      cnpj: number,
    ): Promise<{ mensagem: string }> {
      return run(auth, async (w) => {
        const cnpjId = cnpj;
        (await w.scope()).requireCnpj(cnpjId);
        const { id, ...resto } = form;
        const v = comRegrasDoFabricante(resto);
        if (id === null || id === undefined) {
          await repo.inserir(w.tx, w.tenantId, cnpjId, v);
          await w.audit({ acao: 'Cadastrar', descricao: `Relógio de ponto ${rotulo(v)}`, alvo: { cnpjId } });
          return { mensagem: M.salvo };
        }
        // Editing asks its own code (155); the contract's wall let 154 or 155 through.
        if (!auth.permissoes.has(PERM.RELOGIO_PONTO_EDITAR)) throw forbidden(MSG.semPermissao);
        const antes = await relogioVisivel(w, id);
        if (antes.cnpjId !== cnpjId) throw badRequest(M.outraEmpresa);
        await repo.alterar(w.tx, w.tenantId, id, v);
        await w.audit({
          acao: 'Editar',
          descricao: `Relógio de ponto ${rotulo(antes)}${rotulo(antes) !== rotulo(v) ? ` → ${rotulo(v)}` : ''}`,
          alvo: { cnpjId },
        });
        return { mensagem: M.alterado };
      });
    },

    excluir(auth: AuthContext, id: number, cnpj: number): Promise<{ mensagem: string }> {
      return run(auth, async (w) => {
        const r = await relogioVisivel(w, id);
        if (r.cnpjId !== cnpj) throw badRequest(M.outraEmpresa);
        await repo.excluir(w.tx, w.tenantId, id);
        await w.audit({ acao: 'Excluir', descricao: `Relógio de ponto ${rotulo(r)}`, alvo: { cnpjId: r.cnpjId } });
        return { mensagem: M.excluido };
      });
    },

    buscarToken(auth: AuthContext): Promise<TokenRelogio> {
      return run(auth, lerToken);
    },

    /** Seed 001 §2.10: only while none exists. Two generations at once: one token, the second answers 400. */
    gerarToken(auth: AuthContext): Promise<TokenRelogio> {
      return run(auth, async (w) => {
        const valor = newToken();
        const gravou = await repo.gravarToken(w.tx, {
          tenantId: w.tenantId,
          // The SHA-256 a device's token is looked up by (spec/devices.md §4(a)).
          hash: tokenHash(valor),
          cifrado: lacre().encrypt(valor),
          geradoEm: w.now,
          geradoPor: auth.suporte ? null : auth.userId,
        });
        if (!gravou) throw badRequest(M.tokenJaGerado);
        await w.audit({ acao: 'Cadastrar', descricao: 'Token da empresa para os relógios de ponto gerado' });
        return { tokenGerado: true, valor, data: w.now.toISOString() };
      });
    },
  };
}
