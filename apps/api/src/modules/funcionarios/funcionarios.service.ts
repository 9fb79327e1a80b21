import {
  centroCustoApi,
  formatCnpj,
  formatCpf,
  funcionarioApi as api,
  type CentroCusto,
  type ColunaCsvFuncionario,
  type Funcionario,
  type FuncionarioAfastamento,
  type FuncionarioLinha,
  type ParsedBodyOf,
  type ResponseOf,
} from '@jornada/contracts';
import type { Readable } from 'node:stream';
import type { Deps } from '../../deps.js';
import { DEFAULT_TIME_ZONE, companyTimeZone } from '../../db/company-time-zone.js';
import { scopedCentrosCusto } from '../../db/user-scope.js';
import { badRequest, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { addDays, localDate } from '../../shared/clock.js';
import { csvLine } from '../../shared/csv.js';
import { keypadPinCipher } from '../../shared/field-cipher.js';
import { decodeBase64Image, jpegSize } from '../../shared/jpeg.js';
import { streamedTenantWork } from '../../shared/streamed-work.js';
import { tenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import {
  funcionariosRepository as repo,
  type FiltroFuncionarios,
  type FuncionarioCsvRow,
  type FuncionarioRow,
  type FuncionarioValues,
  type HistoricoRow,
} from './funcionarios.repository.js';
import { vincularMarcacoesSemVinculo } from '../afd/vinculos.service.js';

type SalvarBody = ParsedBodyOf<typeof api.salvarFuncionario>;
type AlterarBody = ParsedBodyOf<typeof api.alterarFuncionario>;
type ListarBody = ParsedBodyOf<typeof api.listarFuncionarios>;
type ExportarBody = ParsedBodyOf<typeof api.exportarCsvFuncionarios>;
type Mensagem = { mensagem: string };

const {
  COLUNAS_CSV_FUNCIONARIOS,
  FUNCIONARIO_MSG: M,
  LIMITS_FOTO,
  aguardandoAtivacao,
  janelaAtivacao,
  normalizarCrachaNome,
  problemasDatasEdicao,
  problemasDatasFuncionario,
} = api;

/** The company's calendar day (db/company-time-zone.ts): activation and the date rules use it. */
async function hojeDa(w: TenantWork): Promise<{ hoje: string; zona: string }> {
  const zona = await companyTimeZone(w.tx, w.tenantId);
  return { hoje: localDate(w.now, zona), zona };
}

/** The first day-dependent problem of the employee's dates as a 400 (the form shows them all). */
function exigirDatas(f: Parameters<typeof problemasDatasFuncionario>[0], hoje: string): void {
  const [p] = problemasDatasFuncionario(f, hoje);
  if (p) throw badRequest(p.mensagem);
}

/** The version counter of the tenant's employees (decision 0033): the list's cached counts hold while it stands. */
const VERSAO_FUNCIONARIOS = 'funcionarios';

/**
 * The plan's active-employee limit (issue 10 §6), race-free: takes the
 * tenant's employee lock (held until the transaction ends), then counts the
 * committed active employees. Call it in the transaction that creates or
 * re-activates `novos` employees, before writing them (the CSV import calls
 * it with its line count). It also marks the tenant's employees as changed
 * (the list's counts), since its caller is about to change them.
 */
export async function garantirLimiteFuncionarios(w: TenantWork, novos: number): Promise<void> {
  await repo.lockLimite(w.tx, w.tenantId);
  await repo.mudouContagem(w.tx, w.tenantId, VERSAO_FUNCIONARIOS);
  const max = await repo.maxFuncionarios(w.tx, w.tenantId);
  if (max === undefined) return;
  if ((await repo.countAtivos(w.tx, w.tenantId)) + novos > max) throw badRequest(M.limiteFuncionarios(max));
}

/**
 * After employees were inserted or their name, badge, CPF or PIS changed
 * outside this service (the CSV import), in the same transaction: rebuilds
 * their search words and marks the tenant's employees as changed, so the
 * list finds them and counts them (decision 0033), and links the punches
 * of their company kept 'sem vínculo' under their CPF or PIS.
 */
export async function funcionariosGravados(w: TenantWork, ids: readonly number[]): Promise<void> {
  await repo.reindexarBusca(w.tx, w.tenantId, ids);
  await repo.mudouContagem(w.tx, w.tenantId, VERSAO_FUNCIONARIOS);
  // Punches kept 'sem vínculo' with their CPF or PIS are theirs now (issue 11 §1).
  await vincularMarcacoesSemVinculo(w, ids);
}

/** Employees (active or not) on a cost centre: Centros de Custos refuses to delete it while there are any. */
export function contarFuncionariosNoCentroCusto(w: TenantWork, centroCustoId: number): Promise<number> {
  return repo.countNoCentroCusto(w.tx, w.tenantId, centroCustoId);
}

const cnpjNome = (c: { numero: string; tipoNumeroDocumento: string; razaoSocial: string }) =>
  `${c.tipoNumeroDocumento === 'cpf' ? formatCpf(c.numero) : formatCnpj(c.numero)} - ${c.razaoSocial}`;

/** How the operation log names an employee. */
const rotulo = (f: { cracha: string; nome: string }) => `Funcionário ${f.cracha} - ${f.nome}`;

const toContrato = api.contratoResumoDe;

const toCentroCusto = (c: {
  id: number;
  codigo: string;
  nome: string;
  tipo: number;
  paiId: number | null;
  cnpjId: number;
}): CentroCusto => ({
  id: c.id,
  codigo: c.codigo,
  nome: c.nome,
  tipo: centroCustoApi.NIVEIS_CENTRO_CUSTO_POR_TIPO[c.tipo] ?? 'Departamento',
  centroCustoPaiId: c.paiId,
  idCnpj: c.cnpjId,
});

/** The photo's bytes when they are a JPEG of at most 640×480 (seed 001 §5), else the seed's message. */
function fotoValida(base64: string): Buffer {
  const bytes = decodeBase64Image(base64);
  const size = bytes && jpegSize(bytes);
  if (!bytes || !size) throw badRequest(M.fotoTipo);
  if (size.width > LIMITS_FOTO.larguraMax || size.height > LIMITS_FOTO.alturaMax) throw badRequest(M.fotoTamanho);
  return bytes;
}

/** The person's fields as stored (PIS empty = null, decision 0032). */
function dadosPessoa(f: SalvarBody['funcionario'] | AlterarBody['funcionario']) {
  return {
    nome: f.nome,
    nomeCurto: f.nomeCurto,
    dataNascimento: f.dataNascimento,
    cpf: f.cpf,
    pis: f.pis,
    email: f.email,
    cracha: f.cracha,
    registro: f.registro,
    dataAdmissao: f.dataAdmissao,
    duplaVerificacao: f.duplaVerificacao,
  };
}

/** What the log says of an employee's entry: its company and cost centre (decision 0065). */
const alvoDe = (f: { cnpjId: number; centroCustoId: number }) => ({ cnpjId: f.cnpjId, centroCustoId: f.centroCustoId });

/** The ids of `escolhidos` and of everything under them in the company's tree (seed 001 §3). */
function comFilhos(arvore: { id: number; paiId: number | null }[], escolhidos: number[]): number[] {
  const filhos = new Map<number, number[]>();
  for (const n of arvore) if (n.paiId !== null) filhos.set(n.paiId, [...(filhos.get(n.paiId) ?? []), n.id]);
  const daEmpresa = new Set(arvore.map((n) => n.id));
  const out = new Set<number>();
  const pilha = escolhidos.filter((id) => daEmpresa.has(id));
  while (pilha.length > 0) {
    const id = pilha.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    pilha.push(...(filhos.get(id) ?? []));
  }
  return [...out];
}

/** 'crachá/pis/cpf/nome' → its words (seed 001 §5; decision 0033). At most 10 words count. */
const palavrasDaBusca = (texto: string | null | undefined): string[] =>
  normalizarCrachaNome(texto).split(' ').filter(Boolean).slice(0, 10);

// --- CSV (decision 0033) ---------------------------------------------------

const dataBr = (d: string | null) => (d ? `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}` : '');

const VALOR_CSV: Record<ColunaCsvFuncionario, (r: FuncionarioCsvRow) => string | null> = {
  nome: (r) => r.nome,
  pis: (r) => r.pis,
  cpf: (r) => r.cpf,
  cracha: (r) => r.cracha,
  registro: (r) => r.registro,
  dataAdmissao: (r) => dataBr(r.data_admissao),
  cargo: (r) => r.cargo,
  centroCusto: (r) => r.centro_custo,
  // The PIN leaves the server only towards the time clock (decision 0065): the column stays, empty, so the
  // file keeps the import's layout.
  senhaTecladoSemBio: () => null,
  dataNascimento: (r) => dataBr(r.data_nascimento),
  email: (r) => r.email,
};

/** Quoting and formula neutralisation: the shared writer of every export (shared/csv.ts, decision 0065). */
const linhaCsv = (r: FuncionarioCsvRow) => csvLine(COLUNAS_CSV_FUNCIONARIOS.map((c) => VALOR_CSV[c](r)));

/** ISO-8859-1 bytes; a character outside it becomes '?' (Buffer's latin1 would keep only its low byte). */
const latin1 = (s: string) => Buffer.from(s.replace(/[\u{100}-\u{10ffff}]/gu, '?'), 'latin1');

const LOTE_CSV = 1000;

/** The list's cached result sets at most (`idsDoFiltro`): 5,000 lists and 4 million ids (16 MiB). */
const MAX_LISTAS = 5_000;
const MAX_IDS_LISTAS = 4_000_000;

/**
 * Funcionários (seed 001 §2.5–2.7, §4, §5, §7; issue 10 §5, §6). Every call
 * is one transaction in the tenant; an employee is seen only when its
 * company and cost centre are in the caller's scope (decision 0020: out of
 * scope = 404) and every change of one employee first locks its row, so two
 * users changing the same employee at once are served one after the other.
 */
export function funcionariosService(deps: Deps) {
  const run = tenantWork(deps);
  /** The keypad PINs' key (decision 0065), derived on first use. */
  const pins = () => keypadPinCipher(deps.config);
  /**
   * The list's result sets (decisions 0033 and 0059): per tenant, scope and
   * filter, the filter's employee ids in list order (name, then id), valid
   * while the tenant's employee version stands. The total is its length and a
   * page is a slice of it, so turning pages, and everyone looking at the same
   * list, costs no filter query until an employee changes: a deep page of a
   * word search read thousands of index entries on every call. Bounded by
   * entries and by ids held; the least recently used goes first.
   */
  const resultados = new Map<string, { versao: number; ids: Int32Array }>();
  let idsGuardados = 0;
  async function idsDoFiltro(w: TenantWork, f: FiltroFuncionarios, versao: number): Promise<Int32Array> {
    const scope = await w.scope();
    const escopo = scope.hasWholeCnpj(f.cnpjId) ? 'todos' : scope.allowedCentroCustoIds.sort((a, b) => a - b).join(',');
    const chave = `${w.tenantId}|${escopo}|${JSON.stringify(f)}`;
    const hit = resultados.get(chave);
    if (hit) {
      resultados.delete(chave);
      idsGuardados -= hit.ids.length;
      if (hit.versao === versao) {
        resultados.set(chave, hit);
        idsGuardados += hit.ids.length;
        return hit.ids;
      }
    }
    const ids = await repo.idsOrdenados(w.tx, w.tenantId, scope, f);
    while (resultados.size > 0 && (resultados.size >= MAX_LISTAS || idsGuardados + ids.length > MAX_IDS_LISTAS)) {
      const [velha, v] = resultados.entries().next().value!;
      resultados.delete(velha);
      idsGuardados -= v.ids.length;
    }
    resultados.set(chave, { versao, ids });
    idsGuardados += ids.length;
    return ids;
  }

  /** The employee if the user sees it, else 404; `forUpdate` locks it for a change. */
  async function visivel(w: TenantWork, id: number, forUpdate = false): Promise<FuncionarioRow> {
    const row = await repo.find(w.tx, w.tenantId, id, forUpdate);
    if (!row || !(await w.scope()).hasRow(row.cnpjId, row.centroCustoId)) throw notFound(M.naoEncontrado);
    return row;
  }

  /** A cost centre of the company the user may put employees in (404 unseen, 403 seen but not theirs, 400 other company). */
  async function centroCustoGravavel(w: TenantWork, id: number, cnpjId: number) {
    const cc = (await w.scope()).requireWritableCentroCusto(await repo.findCentroCusto(w.tx, w.tenantId, id));
    if (cc.cnpjId !== cnpjId) throw badRequest(M.centroCustoDeOutraEmpresa);
    return cc;
  }

  /** CPF and badge are unique among the active employees of a company (the indexes say so too, for races). */
  async function exigirUnicos(w: TenantWork, cnpjId: number, f: { cpf: string; cracha: string }, exceptId?: number) {
    if (await repo.findAtivo(w.tx, w.tenantId, cnpjId, { cpf: f.cpf }, exceptId)) throw badRequest(M.cpfJaCadastrado);
    if (await repo.findAtivo(w.tx, w.tenantId, cnpjId, { cracha: f.cracha }, exceptId)) {
      throw badRequest(M.crachaJaCadastrado);
    }
  }

  async function escalaExistente(w: TenantWork, id: number) {
    const e = await repo.findEscala(w.tx, w.tenantId, id);
    if (!e) throw badRequest(M.escalaNaoEncontrada);
    return e;
  }

  async function cargoExistente(w: TenantWork, id: number) {
    const c = await repo.findCargo(w.tx, w.tenantId, id);
    if (!c) throw badRequest(M.cargoNaoEncontrado);
    return c;
  }

  /** The current entry of a history and the one before it (newest first: [current, previous, …]). */
  async function atualEAnterior(w: TenantWork, kind: 'escalas' | 'cargos', funcionarioId: number) {
    const lista = await repo[kind].list(w.tx, w.tenantId, funcionarioId);
    const atual = lista.find((h) => h.dataFinal === null);
    const anterior = atual ? lista.filter((h) => h.id !== atual.id && h.dataInicio < atual.dataInicio)[0] : undefined;
    return { atual, anterior };
  }

  /** A schedule history entry of this employee that is the current one (404 not theirs, 400 not current). */
  async function entradaAtual(w: TenantWork, kind: 'escalas' | 'cargos', id: number, funcionarioId: number) {
    const h = await repo[kind].find(w.tx, w.tenantId, id);
    if (!h || h.funcionarioId !== funcionarioId) throw notFound(M.naoEncontrado);
    if (h.dataFinal !== null) throw badRequest(M.somenteAtual);
    return h;
  }

  /** A new entry from `dataInicio`: the current one ends the day before (its start must be earlier). */
  async function novaEntrada(
    w: TenantWork,
    kind: 'escalas' | 'cargos',
    funcionarioId: number,
    atual: HistoricoRow | undefined,
    refId: number,
    dataInicio: string,
  ) {
    if (atual) {
      if (dataInicio <= atual.dataInicio) throw badRequest(M.dataInicioPosterior(atual.dataInicio));
      await repo[kind].update(w.tx, w.tenantId, atual.id, { dataFinal: addDays(dataInicio, -1) });
    }
    await repo[kind].insert(w.tx, w.tenantId, funcionarioId, refId, dataInicio);
  }

  /**
   * The situação of the edit (seed 001 §2.7): a reason opens an absence from
   * the demission date (definitive reason) or today, closing the one open
   * before; none closes the open one (yesterday, or removes it when it had
   * not started yet).
   */
  async function situacao(
    w: TenantWork,
    f: FuncionarioRow,
    motivoId: number | null,
    hoje: string,
    demissao: string | null,
  ) {
    const aberto = await repo.afastamentoAberto(w.tx, w.tenantId, f.id);
    if (motivoId === null) {
      if (!aberto) return;
      if (aberto.dataInicio >= hoje) await repo.deleteAfastamento(w.tx, w.tenantId, aberto.id);
      else await repo.updateAfastamento(w.tx, w.tenantId, aberto.id, { dataFinal: addDays(hoje, -1) });
      return;
    }
    if (aberto?.motivoId === motivoId) return;
    const motivo = await repo.findMotivo(w.tx, w.tenantId, motivoId);
    if (!motivo) throw badRequest(M.motivoNaoEncontrado);
    const inicio = motivo.definitivo && demissao ? demissao : hoje;
    if (aberto && aberto.dataInicio >= inicio) {
      await repo.updateAfastamento(w.tx, w.tenantId, aberto.id, { motivoId });
      return;
    }
    if (aberto) await repo.updateAfastamento(w.tx, w.tenantId, aberto.id, { dataFinal: addDays(inicio, -1) });
    await repo.insertAfastamento(w.tx, w.tenantId, f.id, motivoId, inicio);
  }

  /** The list's filter from the screen's (company checked against the scope, cost centres with their children). */
  async function filtro(
    w: TenantWork,
    b: { idCnpj: number; ativo: boolean; idsCentrosCustos: number[]; crachaNome?: string | null | undefined },
  ): Promise<FiltroFuncionarios> {
    (await w.scope()).requireCnpj(b.idCnpj);
    const centroCustoIds = b.idsCentrosCustos.length
      ? comFilhos(await repo.arvoreCentrosCusto(w.tx, w.tenantId, b.idCnpj), b.idsCentrosCustos)
      : undefined;
    return {
      cnpjId: b.idCnpj,
      ativo: b.ativo,
      ...(centroCustoIds ? { centroCustoIds } : {}),
      palavras: palavrasDaBusca(b.crachaNome),
    };
  }

  return {
    async listar(auth: AuthContext, b: ListarBody): Promise<ResponseOf<typeof api.listarFuncionarios>> {
      return run(auth, async (w) => {
        const f = await filtro(w, b);
        // Read before the result set: one is never cached under a newer version than its data.
        const ctx = await repo.contextoLista(w.tx, w.tenantId, VERSAO_FUNCIONARIOS);
        const zona = ctx.zona ?? DEFAULT_TIME_ZONE;
        const hoje = localDate(w.now, zona);
        const todos = await idsDoFiltro(w, f, ctx.versao);
        const deslocamento = b.numPagina * b.qtdLinhas;
        const pagina = [...todos.subarray(deslocamento, deslocamento + b.qtdLinhas)];
        const rows = pagina.length ? await repo.linhasDaPagina(w.tx, w.tenantId, pagina, zona) : [];
        const funcionarios: FuncionarioLinha[] = rows.map((r) => ({
          id: Number(r.id),
          cracha: r.cracha,
          nome: r.nome,
          pis: r.pis,
          cpf: r.cpf,
          cargo: r.cargo,
          centroCusto: r.centro_custo,
          escala: r.escala,
          dataCadastro: r.data_cadastro,
          dataAdmissao: r.data_admissao,
          dataAtivacao: r.data_ativacao,
          ativo: r.ativo,
          aguardandoAtivacao: r.ativo && aguardandoAtivacao(r.data_ativacao, hoje),
        }));
        return { qdtFuncionarios: todos.length, funcionarios };
      });
    },

    /**
     * The CSV of the list's filter (FILTRO_TELA) or of every employee of the
     * company (TODOS), read from a cursor in batches and written as it is
     * read (decision 0033): memory stays flat whatever the count.
     */
    async exportarCsv(auth: AuthContext, b: ExportarBody): Promise<{ nomeArquivo: string; body: Readable }> {
      let nomeArquivo = 'funcionarios.csv';
      const body = await streamedTenantWork(run, auth, async (w, emit) => {
        const scope = await w.scope();
        scope.requireCnpj(b.idCnpj);
        const cnpj = await repo.findCnpj(w.tx, w.tenantId, b.idCnpj);
        if (!cnpj) throw notFound(M.naoEncontrado);
        // The import wants the file named after the company number (seed 001 §2.8).
        nomeArquivo = `${cnpj.numero}.csv`;
        const f: FiltroFuncionarios =
          b.opcaoExportar === 'TODOS'
            ? { cnpjId: b.idCnpj, palavras: [] }
            : {
                ...(await filtro(w, b)),
                ...(b.funcionarios.length ? { ids: b.funcionarios.map((x) => x.id) } : {}),
              };
        await repo.abrirCursorCsv(w.tx, w.tenantId, scope, f);
        let linhas = 0;
        for (;;) {
          const lote = await repo.lerCursorCsv(w.tx, LOTE_CSV);
          if (lote.length === 0) break;
          linhas += lote.length;
          await emit(latin1(lote.map(linhaCsv).join('')));
          if (lote.length < LOTE_CSV) break;
        }
        await repo.fecharCursorCsv(w.tx);
        await w.audit({
          acao: 'Relatório',
          descricao: `Exportação CSV de ${linhas} funcionário(s) da empresa ${cnpjNome(cnpj)}`,
          alvo: { cnpjId: cnpj.id },
        });
      });
      return { nomeArquivo, body };
    },

    async buscar(auth: AuthContext, idFuncionario: number): Promise<ResponseOf<typeof api.buscarFuncionario>> {
      return run(auth, async (w) => {
        const f = await visivel(w, idFuncionario);
        const scope = await w.scope();
        const { hoje, zona } = await hojeDa(w);
        const [cnpj, cc, cargosH, escalasH, aberto, temFoto, centros] = await Promise.all([
          repo.findCnpj(w.tx, w.tenantId, f.cnpjId),
          repo.findCentroCusto(w.tx, w.tenantId, f.centroCustoId),
          repo.cargos.list(w.tx, w.tenantId, f.id),
          repo.escalas.list(w.tx, w.tenantId, f.id),
          repo.afastamentoAberto(w.tx, w.tenantId, f.id),
          repo.temFoto(w.tx, w.tenantId, f.id),
          scopedCentrosCusto(w.tx, w.tenantId, scope, f.cnpjId),
        ]);
        const [escalasRef, cargosRef, motivo] = await Promise.all([
          repo.escalasPorId(w.tx, w.tenantId, [...new Set(escalasH.map((h) => h.refId))]),
          repo.cargosPorId(w.tx, w.tenantId, [...new Set(cargosH.map((h) => h.refId))]),
          aberto ? repo.findMotivo(w.tx, w.tenantId, aberto.motivoId) : undefined,
        ]);
        const escalaPorId = new Map(escalasRef.map((e) => [e.id, toContrato(e)]));
        const cargoPorId = new Map(cargosRef.map((c) => [c.id, { id: c.id, nome: c.nome }]));
        const funcioContratos = escalasH.map((h) => ({
          id: h.id,
          dataInicio: h.dataInicio,
          dataFinal: h.dataFinal,
          contrato: escalaPorId.get(h.refId)!,
        }));
        const funcioCargos = cargosH.map((h) => ({
          id: h.id,
          dataInicio: h.dataInicio,
          dataFinal: h.dataFinal,
          cargo: cargoPorId.get(h.refId)!,
        }));
        const funcionario: Funcionario = {
          id: f.id,
          nome: f.nome,
          nomeCurto: f.nomeCurto,
          dataNascimento: f.dataNascimento,
          pis: f.pis,
          semPis: f.pis === null,
          cpf: f.cpf,
          email: f.email,
          cracha: f.cracha,
          registro: f.registro,
          dataAdmissao: f.dataAdmissao,
          dataDemissao: f.dataDemissao,
          dataCadastro: localDate(f.criadoEm, zona),
          dataAtivacao: f.dataAtivacao,
          possuiSenhaTeclado: f.possuiSenhaTeclado,
          duplaVerificacao: f.duplaVerificacao,
          ativo: f.ativo,
          aguardandoAtivacao: f.ativo && aguardandoAtivacao(f.dataAtivacao, hoje),
          fotoPerfil: temFoto,
          cargo: funcioCargos.find((h) => h.dataFinal === null)?.cargo ?? null,
          escala: funcioContratos.find((h) => h.dataFinal === null)?.contrato ?? null,
        };
        return {
          funcionario,
          cnpj: { id: cnpj!.id, numero: cnpj!.numero, cnpjNome: cnpjNome(cnpj!), razaoSocial: cnpj!.razaoSocial },
          funcioCargos,
          funcioContratos,
          centrosCustos: centros.map(toCentroCusto),
          centroCusto: toCentroCusto(cc!),
          motivoAfastamento: motivo ?? null,
        };
      });
    },

    /**
     * 'Novo funcionário' (25): one transaction writes the employee, the first
     * schedule entry (from dataInicioContrato, else the admission), the first
     * position entry (from the admission) and the photo, after the plan's
     * limit and the CPF/badge of the company's active employees.
     */
    async salvar(auth: AuthContext, b: SalvarBody): Promise<{ mensagem: string; id: number }> {
      return run(auth, async (w) => {
        const { hoje } = await hojeDa(w);
        const f = b.funcionario;
        exigirDatas(f, hoje);
        const scope = await w.scope();
        scope.requireCnpj(b.cnpj.id);
        if (!(await repo.findCnpj(w.tx, w.tenantId, b.cnpj.id))) throw notFound(M.naoEncontrado);
        const cc = await centroCustoGravavel(w, b.centroCusto.id, b.cnpj.id);
        const cargo = await cargoExistente(w, b.cargo.id);
        const escala = await escalaExistente(w, b.contrato.id);
        const foto = b.imagemPerfilBase64 ? fotoValida(b.imagemPerfilBase64) : undefined;
        await garantirLimiteFuncionarios(w, 1);
        await exigirUnicos(w, b.cnpj.id, f);
        const values: FuncionarioValues = {
          ...dadosPessoa(f),
          senhaTecladoCifrada: f.senhaTecladoSemBio ? pins().encrypt(f.senhaTecladoSemBio) : null,
          cnpjId: b.cnpj.id,
          centroCustoId: cc.id,
          dataDemissao: null,
          dataAtivacao: f.agendarAtivacao && f.dataAtivacao ? f.dataAtivacao : hoje,
          ativo: true,
        };
        const { id } = await repo.insert(w.tx, w.tenantId, values);
        await funcionariosGravados(w, [id]);
        await repo.escalas.insert(w.tx, w.tenantId, id, escala.id, b.dataInicioContrato ?? f.dataAdmissao);
        await repo.cargos.insert(w.tx, w.tenantId, id, cargo.id, f.dataAdmissao);
        if (foto) await repo.salvarFoto(w.tx, w.tenantId, id, foto, w.now);
        await w.audit({
          acao: 'Cadastrar',
          descricao: `${rotulo(f)} (escala ${escala.descricao}, cargo ${cargo.nome})`,
          alvo: alvoDe(values),
        });
        return { mensagem: M.salvo, id };
      });
    },

    /**
     * 'Editar funcionário' (26): the person's fields, status, situação,
     * demission and cost centre (same company), and the photo when sent.
     * Re-activating counts against the plan's limit.
     */
    async alterar(auth: AuthContext, b: AlterarBody): Promise<Mensagem> {
      return run(auth, async (w) => {
        const { hoje } = await hojeDa(w);
        const f = b.funcionario;
        const [problema] = problemasDatasEdicao(f, hoje);
        if (problema) throw badRequest(problema.mensagem);
        const before = await visivel(w, f.id, true);
        const cc = await centroCustoGravavel(w, b.centroCusto.id, before.cnpjId);
        const foto = b.base64FotoPerfil ? fotoValida(b.base64FotoPerfil) : undefined;
        if (f.ativo && !before.ativo) await garantirLimiteFuncionarios(w, 1);
        if (f.ativo) await exigirUnicos(w, before.cnpjId, f, before.id);
        // A blank PIN keeps the stored one (the form never receives it to send back); a new one replaces it.
        const senha = f.removerSenhaTeclado
          ? null
          : f.senhaTecladoSemBio
            ? pins().encrypt(f.senhaTecladoSemBio)
            : undefined;
        await repo.update(w.tx, w.tenantId, before.id, {
          ...dadosPessoa(f),
          ...(senha === undefined ? {} : { senhaTecladoCifrada: senha }),
          centroCustoId: cc.id,
          ativo: f.ativo,
          dataDemissao: f.dataDemissao,
        });
        await funcionariosGravados(w, [before.id]);
        if (b.motivoAfastamento !== undefined) {
          await situacao(w, before, b.motivoAfastamento?.id ?? null, hoje, f.dataDemissao);
        }
        if (foto) await repo.salvarFoto(w.tx, w.tenantId, before.id, foto, w.now);
        const mudancas = [
          before.ativo !== f.ativo ? (f.ativo ? 'ativado' : 'inativado') : '',
          before.centroCustoId !== cc.id ? `centro de custo ${cc.codigo} - ${cc.nome}` : '',
          before.dataDemissao !== f.dataDemissao ? `demissão ${f.dataDemissao ?? 'removida'}` : '',
          // Never the PIN itself.
          senha === null && before.possuiSenhaTeclado ? 'senha do teclado removida' : '',
          senha ? 'senha do teclado alterada' : '',
        ].filter(Boolean);
        await w.audit({
          acao: 'Editar',
          descricao: `${rotulo(before)} alterado${mudancas.length ? `: ${mudancas.join(', ')}` : ''}`,
          // Where the employee is now: whoever lost it with the move no longer reads about it.
          alvo: alvoDe({ cnpjId: before.cnpjId, centroCustoId: cc.id }),
        });
        return { mensagem: M.alterado };
      });
    },

    async alterarDataAtivacao(auth: AuthContext, idFuncionario: number, dataAtivacao: string): Promise<Mensagem> {
      return run(auth, async (w) => {
        const f = await visivel(w, idFuncionario, true);
        const { hoje } = await hojeDa(w);
        if (!f.ativo || !aguardandoAtivacao(f.dataAtivacao, hoje)) throw badRequest(M.naoAguardandoAtivacao);
        const { de, ate } = janelaAtivacao(hoje);
        if (dataAtivacao < de || dataAtivacao > ate) throw badRequest(M.dataAtivacaoForaDaJanela(de, ate));
        await repo.update(w.tx, w.tenantId, f.id, { dataAtivacao });
        await w.audit({
          acao: 'Editar',
          descricao: `${rotulo(f)}: data para ativação ${f.dataAtivacao} → ${dataAtivacao}`,
          alvo: alvoDe(f),
        });
        return { mensagem: M.dataAtivacaoAlterada };
      });
    },

    /** A new schedule from a date; the current entry ends the day before (seed 001 §4). */
    async trocarContrato(
      auth: AuthContext,
      idFuncionario: number,
      idEscala: number,
      dataInicio: string,
    ): Promise<Mensagem> {
      return run(auth, async (w) => {
        const f = await visivel(w, idFuncionario, true);
        const escala = await escalaExistente(w, idEscala);
        const { atual } = await atualEAnterior(w, 'escalas', f.id);
        if (atual?.refId === escala.id) throw badRequest(M.escalaIgual);
        await novaEntrada(w, 'escalas', f.id, atual, escala.id, dataInicio);
        await w.audit({
          acao: 'Editar',
          descricao: `${rotulo(f)}: escala ${escala.descricao} a partir de ${dataInicio}`,
          alvo: alvoDe(f),
        });
        return { mensagem: M.escalaTrocada };
      });
    },

    /**
     * The current schedule entry: another schedule on the same dates, or
     * removed (the previous entry becomes the current one again).
     */
    async trocarExcluirContrato(
      auth: AuthContext,
      idFuncionario: number,
      idEntrada: number,
      idEscalaNova: number | undefined,
    ): Promise<Mensagem> {
      return run(auth, async (w) => {
        const f = await visivel(w, idFuncionario, true);
        const atual = await entradaAtual(w, 'escalas', idEntrada, f.id);
        if (idEscalaNova !== undefined) {
          const escala = await escalaExistente(w, idEscalaNova);
          if (atual.refId === escala.id) throw badRequest(M.escalaIgual);
          await repo.escalas.update(w.tx, w.tenantId, atual.id, { refId: escala.id });
          await w.audit({
            acao: 'Editar',
            descricao: `${rotulo(f)}: escala desde ${atual.dataInicio} trocada por ${escala.descricao}`,
            alvo: alvoDe(f),
          });
          return { mensagem: M.escalaTrocada };
        }
        const { anterior } = await atualEAnterior(w, 'escalas', f.id);
        if (!anterior) throw badRequest(M.unicaEscala);
        // The open entry goes first: at most one entry may be open (funcionario_escalas_atual_uq).
        await repo.escalas.delete(w.tx, w.tenantId, atual.id);
        await repo.escalas.update(w.tx, w.tenantId, anterior.id, { dataFinal: null });
        await w.audit({
          acao: 'Excluir',
          descricao: `${rotulo(f)}: escala desde ${atual.dataInicio} excluída do histórico`,
          alvo: alvoDe(f),
        });
        return { mensagem: M.escalaExcluida };
      });
    },

    /** The current schedule entry starts on another day; the previous one ends the day before. */
    async alterarDataInicioContrato(
      auth: AuthContext,
      idFuncionario: number,
      idEntrada: number,
      dataInicio: string,
    ): Promise<Mensagem> {
      return run(auth, async (w) => {
        const f = await visivel(w, idFuncionario, true);
        const atual = await entradaAtual(w, 'escalas', idEntrada, f.id);
        const { anterior } = await atualEAnterior(w, 'escalas', f.id);
        if (anterior && dataInicio <= anterior.dataInicio) throw badRequest(M.dataInicioPosterior(anterior.dataInicio));
        await repo.escalas.update(w.tx, w.tenantId, atual.id, { dataInicio });
        if (anterior) await repo.escalas.update(w.tx, w.tenantId, anterior.id, { dataFinal: addDays(dataInicio, -1) });
        await w.audit({
          acao: 'Editar',
          descricao: `${rotulo(f)}: início da escala atual ${atual.dataInicio} → ${dataInicio}`,
          alvo: alvoDe(f),
        });
        return { mensagem: M.dataInicioAlterada };
      });
    },

    /** 'Novo cargo' from a date (ehHistorico) or 'Alterar cargo' of the current entry (seed 001 §4). */
    async funcionarioCargo(
      auth: AuthContext,
      b: { idCargoNovo: number; idCargoFuncionarioAntigo: number; dataInicio: string | null; ehHistorico: boolean },
    ): Promise<Mensagem> {
      return run(auth, async (w) => {
        const entrada = await repo.cargos.find(w.tx, w.tenantId, b.idCargoFuncionarioAntigo);
        if (!entrada) throw notFound(M.naoEncontrado);
        const f = await visivel(w, entrada.funcionarioId, true);
        // Read again under the employee's lock: another change may have closed it meanwhile.
        const atual = await entradaAtual(w, 'cargos', entrada.id, f.id);
        const cargo = await cargoExistente(w, b.idCargoNovo);
        if (atual.refId === cargo.id) throw badRequest(M.cargoIgual);
        if (b.ehHistorico) {
          await novaEntrada(w, 'cargos', f.id, atual, cargo.id, b.dataInicio!);
          await w.audit({
            acao: 'Editar',
            descricao: `${rotulo(f)}: cargo ${cargo.nome} a partir de ${b.dataInicio}`,
            alvo: alvoDe(f),
          });
        } else {
          await repo.cargos.update(w.tx, w.tenantId, atual.id, { refId: cargo.id });
          await w.audit({
            acao: 'Editar',
            descricao: `${rotulo(f)}: cargo desde ${atual.dataInicio} trocado por ${cargo.nome}`,
            alvo: alvoDe(f),
          });
        }
        return { mensagem: M.cargoAlterado };
      });
    },

    motivos(auth: AuthContext) {
      return run(auth, (w) => repo.listMotivos(w.tx, w.tenantId));
    },

    historicoAfastamentos(auth: AuthContext, idFuncionario: number): Promise<FuncionarioAfastamento[]> {
      return run(auth, async (w) => {
        const f = await visivel(w, idFuncionario);
        return repo.listAfastamentos(w.tx, w.tenantId, f.id);
      });
    },

    async alterarFoto(auth: AuthContext, idFuncionario: number, base64: string): Promise<Mensagem> {
      return run(auth, async (w) => {
        const f = await visivel(w, idFuncionario, true);
        await repo.salvarFoto(w.tx, w.tenantId, f.id, fotoValida(base64), w.now);
        await w.audit({ acao: 'Editar', descricao: `${rotulo(f)}: foto alterada`, alvo: alvoDe(f) });
        return { mensagem: M.fotoAlterada };
      });
    },

    async excluirFoto(auth: AuthContext, idFuncionario: number): Promise<Mensagem> {
      return run(auth, async (w) => {
        const f = await visivel(w, idFuncionario, true);
        if (await repo.excluirFoto(w.tx, w.tenantId, f.id)) {
          await w.audit({ acao: 'Excluir', descricao: `${rotulo(f)}: foto excluída`, alvo: alvoDe(f) });
        }
        return { mensagem: M.fotoExcluida };
      });
    },

    /**
     * The keypad PINs in clear, by employee id, of those of `ids` the user
     * sees and who have one (decision 0065). The only place a PIN is
     * decrypted: for the export to the time clock (no route of its own yet;
     * the clock's export will be its caller). Never for a screen.
     */
    async senhasTecladoParaRelogio(auth: AuthContext, ids: readonly number[]): Promise<Map<number, string>> {
      return run(auth, async (w) => {
        const scope = await w.scope();
        const rows = await repo.senhasTecladoCifradas(w.tx, w.tenantId, ids);
        return new Map(
          rows
            .filter((r) => scope.hasRow(r.cnpjId, r.centroCustoId))
            .map((r) => [r.id, pins().decrypt(r.senhaTecladoCifrada)] as const),
        );
      });
    },

    async foto(auth: AuthContext, idFuncionario: number): Promise<Buffer> {
      return run(auth, async (w) => {
        const f = await visivel(w, idFuncionario);
        const imagem = await repo.foto(w.tx, w.tenantId, f.id);
        if (!imagem) throw notFound(M.semFoto);
        return imagem;
      });
    },
  };
}
