import {
  DISPOSITIVO_LIMITS,
  DISPOSITIVO_MSG as M,
  PERMISSOES_DISPOSITIVO,
  type Dispositivo,
  type PermissaoDispositivo,
  type TipoDispositivo,
} from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { activationCodeCipher } from '../../shared/field-cipher.js';
import { codigoLegivel, tokenHash } from '../../shared/secrets.js';
import { tenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import { dispositivosRepository as repo, type DispositivoRow } from './dispositivos.repository.js';

/** Spec/devices.md §4(c): 8 characters of an unambiguous alphabet. */
const codigo = () => codigoLegivel(8);
const validade = (agora: Date) => new Date(agora.getTime() + DISPOSITIVO_LIMITS.horasCodigo * 3_600_000);

type PermissoesPedidas = readonly Pick<PermissaoDispositivo, 'nome' | 'selecionado'>[] | undefined;

/** The four permissions as stored: each asked one as asked, the rest granted (seed 001 §3: all by default). */
function mapaDePermissoes(pedidas: PermissoesPedidas): Record<string, boolean> {
  return Object.fromEntries(
    PERMISSOES_DISPOSITIVO.map((p) => [p.nome, pedidas?.find((x) => x.nome === p.nome)?.selecionado ?? true]),
  );
}

/**
 * Marcação Online (seed 001 §2.11; issue 25 §3): an employee's Mob and Web
 * devices in the caller's companies, within the plan's limits, and their
 * one-time codes (8 characters, 72 h): the activation code kept sealed so
 * 'Copiar Código de Ativação' can copy it while valid, and as a SHA-256 for
 * the app to redeem; the password-reset code only as a SHA-256.
 */
export function dispositivosService(deps: Deps) {
  const run = tenantWork(deps);
  const lacre = () => activationCodeCipher(deps.config);

  async function doEscopo(w: TenantWork, id: number) {
    const d = await repo.buscar(w.tx, w.tenantId, id);
    if (!d) throw notFound(M.naoEncontrado);
    (await w.scope()).requireCnpj(d.cnpjId);
    return d;
  }

  function paraFio(d: DispositivoRow, agora: Date): Dispositivo {
    const valido =
      d.codigoAtivacaoCifrado !== null && d.codigoAtivacaoExpira !== null && d.codigoAtivacaoExpira > agora;
    return {
      id: d.id,
      tipo: d.tipo,
      descricao: d.descricao,
      dataCadastro: d.dataCadastro.toISOString(),
      dataAtualizacao: d.dataAtualizacao?.toISOString() ?? null,
      dataAtivacao: d.dataAtivacao?.toISOString() ?? null,
      dataUltimaSincronia: d.dataUltimaSincronia?.toISOString() ?? null,
      ativo: d.ativo,
      nomeFuncionario: d.nomeFuncionario,
      codigoAtivacao: valido && d.dataAtivacao === null ? lacre().decrypt(d.codigoAtivacaoCifrado!) : null,
      permissoes: PERMISSOES_DISPOSITIVO.map((p) => ({ ...p, selecionado: d.permissoes[p.nome] !== false })),
    };
  }

  return {
    /** One batch of 'Criar Dispositivos?' (seed 001 §4: up to 50 employees); what exists already is kept. */
    salvar(
      auth: AuthContext,
      r: {
        idsFuncionarios: number[];
        cnpj: number;
        tiposDispositivos: TipoDispositivo[];
        permissoesMob?: PermissoesPedidas;
        permissoesWeb?: PermissoesPedidas;
      },
    ): Promise<{ mensagem: string; criados: number; existentes: number }> {
      return run(auth, async (w) => {
        const cnpjId = r.cnpj;
        (await w.scope()).requireCnpj(cnpjId);
        const ids = [...new Set(r.idsFuncionarios)];
        const funcionarios = await repo.funcionariosDaEmpresa(w.tx, w.tenantId, cnpjId, ids);
        if (funcionarios.length !== ids.length) throw badRequest(M.funcionarioDeOutraEmpresa);
        const tipos = [...new Set(r.tiposDispositivos)];
        await repo.travarLimite(w.tx, w.tenantId);
        const linhas = tipos.flatMap((tipo) =>
          funcionarios.map((f) => ({
            tenantId: w.tenantId,
            cnpjId,
            funcionarioId: f.id,
            tipo,
            descricao: `${tipo === 'Mob' ? 'Celular' : 'Web'} - ${f.nome}`.slice(0, 120),
            permissoes: mapaDePermissoes(tipo === 'Mob' ? r.permissoesMob : r.permissoesWeb),
            dataCadastro: w.now,
          })),
        );
        const criados = await repo.inserir(w.tx, linhas);
        // The plan's limits hold after the insert (under the tenant's lock): over them, the transaction rolls back.
        const limites = await repo.limites(w.tx, w.tenantId);
        if (limites) {
          const agora = await repo.contar(w.tx, w.tenantId);
          if (tipos.includes('Mob') && agora.mob > limites.mob) throw badRequest(M.limitePlano('Mob', limites.mob));
          if (tipos.includes('Web') && agora.web > limites.web) throw badRequest(M.limitePlano('Web', limites.web));
        }
        if (criados > 0) {
          await w.audit({
            acao: 'Cadastrar',
            descricao: `${criados} dispositivo(s) de marcação online (${tipos.join(', ')})`,
            alvo: { cnpjId },
          });
        }
        const existentes = linhas.length - criados;
        return { mensagem: M.criados(criados, existentes), criados, existentes };
      });
    },

    listar(
      auth: AuthContext,
      q: { idCnpj: number; qtdLinhas: number; numPagina: number; crachaNome: string },
    ): Promise<{ dispositivos: Dispositivo[]; quantidadeDispositivos: number }> {
      return run(auth, async (w) => {
        (await w.scope()).requireCnpj(q.idCnpj);
        const p = await repo.pagina(w.tx, w.tenantId, {
          cnpjId: q.idCnpj,
          busca: q.crachaNome,
          limite: q.qtdLinhas,
          pagina: q.numPagina,
        });
        return { dispositivos: p.linhas.map((d) => paraFio(d, w.now)), quantidadeDispositivos: p.total };
      });
    },

    /** A new activation code; the previous one stops working in the same transaction. */
    gerarCodigoAtivacao(auth: AuthContext, id: number): Promise<{ mensagem: string; codigo: string }> {
      return run(auth, async (w) => {
        const d = await doEscopo(w, id);
        const c = codigo();
        await repo.alterar(w.tx, w.tenantId, id, {
          codigoAtivacaoHash: tokenHash(c),
          codigoAtivacaoCifrado: lacre().encrypt(c),
          codigoAtivacaoExpira: validade(w.now),
          dataAtualizacao: w.now,
        });
        await w.audit({
          acao: 'Editar',
          descricao: `Código de ativação gerado: ${d.descricao}`,
          alvo: { cnpjId: d.cnpjId },
        });
        return { mensagem: M.codigoAtivacao(c), codigo: c };
      });
    },

    gerarCodigoRecuperarSenha(auth: AuthContext, id: number): Promise<{ mensagem: string }> {
      return run(auth, async (w) => {
        const d = await doEscopo(w, id);
        const c = codigo();
        await repo.alterar(w.tx, w.tenantId, id, {
          codigoSenhaHash: tokenHash(c),
          codigoSenhaExpira: validade(w.now),
          dataAtualizacao: w.now,
        });
        await w.audit({
          acao: 'Editar',
          descricao: `Código para redefinir a senha gerado: ${d.descricao}`,
          alvo: { cnpjId: d.cnpjId },
        });
        return { mensagem: M.codigoSenha(c) };
      });
    },

    atualizarPermissoes(auth: AuthContext, id: number, permissoes: PermissoesPedidas): Promise<{ mensagem: string }> {
      return run(auth, async (w) => {
        const d = await doEscopo(w, id);
        const mapa = mapaDePermissoes(permissoes);
        await repo.alterar(w.tx, w.tenantId, id, { permissoes: mapa, dataAtualizacao: w.now });
        const concedidas = PERMISSOES_DISPOSITIVO.filter((p) => mapa[p.nome]).map((p) => p.label);
        await w.audit({
          acao: 'Editar',
          descricao: `Permissões de ${d.descricao}: ${concedidas.join(', ') || 'nenhuma'}`,
          alvo: { cnpjId: d.cnpjId },
        });
        return { mensagem: M.permissoesAtualizadas };
      });
    },

    excluir(auth: AuthContext, id: number): Promise<{ mensagem: string }> {
      return run(auth, async (w) => {
        const d = await doEscopo(w, id);
        await repo.excluir(w.tx, w.tenantId, [id]);
        await w.audit({ acao: 'Excluir', descricao: `Dispositivo ${d.descricao}`, alvo: { cnpjId: d.cnpjId } });
        return { mensagem: M.excluido };
      });
    },

    quantidade(auth: AuthContext): Promise<{ mob: number; web: number; maxMob: number; maxWeb: number }> {
      return run(auth, async (w) => {
        const n = await repo.contar(w.tx, w.tenantId);
        const l = await repo.limites(w.tx, w.tenantId);
        return { ...n, maxMob: l?.mob ?? 0, maxWeb: l?.web ?? 0 };
      });
    },
  };
}
