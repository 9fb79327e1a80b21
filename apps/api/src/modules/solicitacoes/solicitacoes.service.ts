import {
  calendario,
  controlePontoApi,
  funcionarioApi,
  periodoFechamento,
  solicitacaoApi,
  SOLICITACAO_MSG as M,
  TIPO_SOLICITACAO_ROTULO,
  type ItemPendente,
  type OrigemSolicitacao,
  type ParsedBodyOf,
  type ResponseOf,
  type Solicitacao,
  type SolicitacaoDoDia,
} from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { withContext } from '../../shared/use-cases.js';
import type { TenantWork } from '../../shared/unit-of-work.js';
import { fechamentoDoCliente } from '../calculo/calculo.service.js';
import { acaoNoDiaEm, editarMarcacoesDoDia, type MudancaDoDia } from '../controle-ponto/acoes-dia.service.js';
import {
  autorDe,
  controlePontoContexto,
  funcionarioDoEscopo,
  funcionarioDoEscopoPorId,
  type ControlePontoContexto,
} from '../controle-ponto/controle-ponto-contexto.service.js';
import { justificarEventosDoDia } from '../controle-ponto/justificar.service.js';
import {
  solicitacoesRepository as repo,
  type ItensIncluir,
  type ItensJustificar,
  type NovaSolicitacao,
  type SolicitacaoRow,
} from './solicitacoes.repository.js';
import type { Tx } from '../../db/tenant-tx.js';

/**
 * Stores a request the employee's app made (app-funcionario, decision 0086),
 * in the caller's tenant transaction; a retry with the same device and client
 * id answers the first.
 */
export const registrarSolicitacao = (tx: Tx, tenantId: number, n: NovaSolicitacao) => repo.criar(tx, tenantId, n);

type Api = typeof solicitacaoApi;
const { EVENTO_DEBITO_ROTULO } = controlePontoApi;

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

/** A stored request as the lists show it. */
export function paraFio(s: SolicitacaoRow): Solicitacao {
  return {
    id: s.id,
    funcionario: {
      id: s.funcionarioId,
      nome: s.nome,
      cracha: s.cracha ?? '',
      centroCusto: { nome: s.centroCusto },
    },
    data: iso(s.criadaEm)!,
    dataPonto: s.dataPonto,
    origem: s.origem,
    tipo: TIPO_SOLICITACAO_ROTULO[s.origem],
    status: s.status,
    observacao: s.observacao,
    observacaoAprovacao: s.observacaoAprovacao,
    usuarioAprovacao: s.usuarioAprovacaoNome,
    dataAprovacao: iso(s.dataAprovacao),
  };
}

const doDia = (s: SolicitacaoRow): SolicitacaoDoDia => ({
  id: s.id,
  data: s.dataPonto,
  tipo: TIPO_SOLICITACAO_ROTULO[s.origem],
  origem: s.origem,
  status: s.status,
  dataSolicitacao: iso(s.criadaEm)!,
});

/**
 * How each origin shows its items (seed 002 §3 "Request item") and what its
 * approval writes: exactly the day action's own writes (Justificar; Editar
 * marcações inserting 'I' punches), so an approved request and the same
 * treatment typed by an operator cannot differ.
 */
const ORIGENS: Record<
  OrigemSolicitacao,
  { itens: (s: SolicitacaoRow) => ItemPendente[]; aplicar: (s: SolicitacaoRow, auth: AuthContext) => MudancaDoDia }
> = {
  CTRL_JUSTIFICAR: {
    itens: (s) =>
      (s.itens as ItensJustificar).eventos.map((e) => ({
        acao: 'NOVO',
        infoCampo1: EVENTO_DEBITO_ROTULO[e.codigo],
        infoCampo2: e.justificativa.descricao,
        infoCampo3: null,
        infoCampo4: null,
        justificativa: { descricao: e.justificativa.descricao },
        observacao: s.observacao,
        codigoEventoPendente: e.codigo,
      })),
    aplicar: (s, auth) => (w, dia) =>
      justificarEventosDoDia(
        w,
        dia,
        (s.itens as ItensJustificar).eventos.map((e) => ({
          codigo: e.codigo,
          justificativa: e.justificativa.id,
          observacao: s.observacao,
        })),
        autorDe(auth),
      ),
  },
  CTRL_EDITAR_MARCACAO: {
    itens: (s) => {
      const i = s.itens as ItensIncluir;
      return i.marcacoes.map((m) => ({
        acao: 'NOVO',
        infoCampo1: calendario.diaMesAno(m.data),
        infoCampo2: m.hora,
        infoCampo3: 'I',
        infoCampo4: null,
        justificativa: { descricao: i.justificativa.descricao },
        observacao: s.observacao,
        codigoEventoPendente: null,
      }));
    },
    aplicar: (s, auth) => (w, dia) => {
      const i = s.itens as ItensIncluir;
      return editarMarcacoesDoDia(
        w,
        dia,
        {
          marcacoesREPP: [],
          marcacoesInseridas: i.marcacoes.map((m) => ({
            nova: true,
            excluir: false,
            data: m.data,
            hora: m.hora,
            justificativa: i.justificativa.id,
          })),
        },
        autorDe(auth),
      );
    },
  },
};

/**
 * The request, when its employee is one the caller sees (else 404, decision
 * 0020) and it is of the origin the call serves (each origin has its own
 * lookup and resolution, seed 002 §4).
 */
async function daOrigem(w: TenantWork, id: number, origem: OrigemSolicitacao): Promise<SolicitacaoRow> {
  const s = await repo.uma(w.tx, w.tenantId, id);
  if (!s) throw notFound(M.naoEncontrada);
  await funcionarioDoEscopo(w, s.cnpjId, s.funcionarioId);
  if (s.origem !== origem) throw badRequest(M.origemErrada);
  return s;
}

function buscarItem(origem: OrigemSolicitacao) {
  return (
    ctx: ControlePontoContexto,
    auth: AuthContext,
    b: ParsedBodyOf<Api['buscarItemJustificar']>,
  ): Promise<ResponseOf<Api['buscarItemJustificar']>> =>
    ctx.run(auth, async (w) => {
      const s = await daOrigem(w, b.idSolicitacao, origem);
      return { solicitacao: paraFio(s), itens: ORIGENS[origem].itens(s) };
    });
}

/**
 * Approve or reject (seed 002 §4 "Request status"). Rejecting writes the
 * answer only. Approving is a day action (acaoNoDiaEm): the employee's
 * calculation lock, a closed period refused, then the answer — from PENDENTE
 * only, so of two operators answering at once the second is told it was
 * answered — and the origin's writes, the month recalculated and logged, all
 * in this transaction: if the treatment is refused (the event already
 * justified, say) the request stays pending.
 */
function resolver(origem: OrigemSolicitacao) {
  return (
    ctx: ControlePontoContexto,
    auth: AuthContext,
    b: ParsedBodyOf<Api['resolverJustificar']>,
  ): Promise<ResponseOf<Api['resolverJustificar']>> =>
    ctx.run(auth, async (w) => {
      const s = await daOrigem(w, b.idSolicitacao, origem);
      const tipo = TIPO_SOLICITACAO_ROTULO[origem].toLowerCase();
      const responder = async () => {
        const autor = autorDe(auth);
        const ok = await repo.responder(w.tx, w.tenantId, s.id, {
          status: b.status,
          observacao: b.status === 'NAO_APROVADO' ? b.observacao : null,
          usuarioId: autor.usuarioId,
          usuarioNome: autor.usuarioNome,
        });
        if (!ok) throw badRequest(M.jaRespondida);
      };
      if (b.status === 'NAO_APROVADO') {
        await responder();
        await w.audit({
          acao: 'Editar',
          descricao: `Não aprovar solicitação (${tipo}) de ${calendario.diaMesAno(s.dataPonto)} de ${s.nome}`,
          alvo: { cnpjId: s.cnpjId, centroCustoId: s.centroCustoId },
        });
        return {
          mensagem: M.reprovada,
          solicitacao: paraFio((await repo.uma(w.tx, w.tenantId, s.id))!),
          marcacoes: null,
        };
      }
      const aplicar = ORIGENS[origem].aplicar(s, auth);
      const r = await acaoNoDiaEm(
        w,
        auth,
        { cnpj: s.cnpjId, funcionario: s.funcionarioId, data: s.dataPonto },
        async (tw, dia) => {
          await responder();
          const feito = await aplicar(tw, dia);
          return { mensagem: M.aprovada, descricao: `Aprovar solicitação (${tipo}): ${feito.descricao}` };
        },
      );
      return {
        mensagem: r.mensagem,
        solicitacao: paraFio((await repo.uma(w.tx, w.tenantId, s.id))!),
        marcacoes: r.marcacoes,
      };
    });
}

/** Marcações: the employee's requests between two days (the caller must see the employee). */
function doFuncionario(soPendentes: boolean) {
  return (
    ctx: ControlePontoContexto,
    auth: AuthContext,
    b: ParsedBodyOf<Api['listar']>,
  ): Promise<ResponseOf<Api['listar']>> =>
    ctx.run(auth, async (w) => {
      const f = await funcionarioDoEscopoPorId(w, b.idFuncionario);
      if (b.dataFinal < b.dataInicio) throw badRequest(M.informePeriodo);
      return (await repo.doFuncionario(w.tx, w.tenantId, f.id, b.dataInicio, b.dataFinal, soPendentes)).map(doDia);
    });
}

/** Solicitações (route 165): a page of the company's requests of the month (its closing period), by status. */
function pesquisar(
  ctx: ControlePontoContexto,
  auth: AuthContext,
  b: ParsedBodyOf<Api['pesquisar']>,
): Promise<ResponseOf<Api['pesquisar']>> {
  return ctx.run(auth, async (w) => {
    const q = b.solicitacaoRequisicao;
    const scope = await w.scope();
    scope.requireCnpj(q.idCnpj);
    const p = periodoFechamento((await fechamentoDoCliente(w)).dias, b.ano, b.mes);
    const filtro = {
      cnpjId: q.idCnpj,
      centroCustoIds: [...new Set(q.idsCentrosCustos)].sort((x, y) => x - y),
      palavras: funcionarioApi.normalizarCrachaNome(q.nomeOuDocumento).split(' ').filter(Boolean).slice(0, 10),
      status: q.strStatus,
      de: p.inicio,
      ate: p.fim,
    };
    const pagina = (linhas: number, deslocamento: number) =>
      repo.pagina(w.tx, w.tenantId, scope, filtro, { linhas, deslocamento });
    const rows = await pagina(q.linhasPorPagina, q.pagina * q.linhasPorPagina);
    // A page past the end has no row to carry the count: the first row's does.
    const total = rows[0]?.total ?? (q.pagina > 0 ? ((await pagina(1, 0))[0]?.total ?? 0) : 0);
    return { solicitacoes: rows.map(paraFio), total };
  });
}

/** Employees' requests, the back office's side (decision 0086). */
export function solicitacoesService(deps: Deps) {
  return withContext(controlePontoContexto(deps), {
    listar: doFuncionario(false),
    listarPendentesFuncionario: doFuncionario(true),
    pesquisar,
    buscarItemJustificar: buscarItem('CTRL_JUSTIFICAR'),
    resolverJustificar: resolver('CTRL_JUSTIFICAR'),
    buscarItensEdicaoMarcacoes: buscarItem('CTRL_EDITAR_MARCACAO'),
    resolverEdicaoMarcacoes: resolver('CTRL_EDITAR_MARCACAO'),
  });
}
