import { funcionarioApi as api, type ColunaCsvFuncionario, type ParsedBodyOf } from '@jornada/contracts';
import type { Readable } from 'node:stream';
import { notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { csvLine } from '../../shared/csv.js';
import { streamedTenantWork } from '../../shared/streamed-work.js';
import { M, cnpjNome, filtro, type FuncionariosContexto } from './funcionarios-contexto.service.js';
import {
  funcionariosRepository as repo,
  type FiltroFuncionarios,
  type FuncionarioCsvRow,
} from './funcionarios.repository.js';

type ExportarBody = ParsedBodyOf<typeof api.exportarCsvFuncionarios>;
const { COLUNAS_CSV_FUNCIONARIOS, CABECALHO_CSV_FUNCIONARIOS } = api;

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

/**
 * The CSV of the list's filter (FILTRO_TELA) or of every employee of the
 * company (TODOS), read from a cursor in batches and written as it is
 * read (decision 0033): memory stays flat whatever the count.
 */
export async function exportarCsvFuncionarios(
  ctx: FuncionariosContexto,
  auth: AuthContext,
  b: ExportarBody,
): Promise<{ nomeArquivo: string; body: Readable }> {
  let nomeArquivo = 'funcionarios.csv';
  const body = await streamedTenantWork(ctx.run, auth, async (w, emit) => {
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
    await emit(latin1(csvLine(COLUNAS_CSV_FUNCIONARIOS.map((c) => CABECALHO_CSV_FUNCIONARIOS[c]))));
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
}
