import {
  COLUNAS_IMPORTACAO,
  IMPORTACAO,
  MSG,
  MSG_IMPORTACAO,
  formatCnpj,
  funcionarioApi,
  type JsonColunas,
  type LinhaErro,
  type ResultadoImportacao,
  type ResumoImportacao,
} from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { fusoHorarioEmpresa } from '../../db/fuso-horario-empresa.js';
import { badRequest, conflict, forbidden, notFound } from '../../shared/app-error.js';
import { keypadPinCipher, type FieldCipher } from '../../shared/field-cipher.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { brDate, localDate } from '../../shared/clock.js';
import { tenantWork, type RunTenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import type { UploadedFile } from '../../shared/uploaded-file.js';
import type { UserScope } from '../../shared/user-scope.js';
import { funcionariosGravados, garantirLimiteFuncionarios } from '../funcionarios/funcionarios.service.js';
import { relogiosSeguemFuncionarios } from '../relogio-push/funcionarios-nos-relogios.service.js';
import { CsvFileError, readCsv, type CsvLine } from './csv-reader.js';
import {
  funcionariosImportacaoRepository as repo,
  type DadosImportacao,
  type LinhaImportada,
} from './funcionarios-importacao.repository.js';
import { Correspondencia, celulasDaLinha, dataDoArquivo, documentoDoArquivo, ehCabecalhoExportado } from './linha.js';

const { FUNCIONARIO_MSG: M, validarLinhaFuncionario } = funcionarioApi;

/** processar's fields (the provider's call adds the customer beside them). */
export interface ProcessarInput {
  jsonRequisicao: { cnpj: { id: number } };
  jsonColunas: JsonColunas;
}
export interface SalvarInput {
  id: string;
  escala: { id: number };
  dataIinicioEscala: string;
}

/**
 * Where an import runs: the caller's own tenant (Importar funcionários), or a
 * customer's tenant reached by the provider (Update-Funcionarios, decision
 * 0040). The use cases are the same; only the unit of work and the owner of
 * the stored import differ.
 */
export interface ContextoImportacao {
  run: RunTenantWork;
  /** Who the stored import belongs to: only they may finish it (null = the provider's staff). */
  dono(auth: AuthContext): number | null;
  /** The keypad PINs' cipher: a line keeps its PIN encrypted from the start, the stored import too (decision 0065). */
  pins: FieldCipher;
}

const toContrato = funcionarioApi.contratoResumoDe;

const ROTULO = Object.fromEntries(COLUNAS_IMPORTACAO.map((c) => [c.campo, c.rotulo])) as Record<string, string>;

/** What the line checks need from the database, read once before the file. */
interface Referencias {
  hoje: string;
  cargos: Correspondencia<{ id: number; codigo: string; nome: string }>;
  centros: Correspondencia<{ id: number; codigo: string; nome: string }>;
  cpfs: ReadonlySet<string>;
  crachas: ReadonlySet<string>;
}

/**
 * Checks the lines one by one as the file arrives: the employee rules of the
 * form (contracts `validarLinhaFuncionario`), the position and cost centre by
 * code or name, and CPF and badge against the company's active employees and
 * the lines before. Keeps the good lines and the reasons of the others.
 */
class Conferencia {
  readonly linhas: LinhaImportada[] = [];
  readonly erros: LinhaErro[] = [];
  qtdLinhas = 0;
  qtdLinhasErros = 0;
  private readonly cpfNaLinha = new Map<string, number>();
  private readonly crachaNaLinha = new Map<string, number>();

  constructor(
    private readonly ref: Referencias,
    private readonly colunas: JsonColunas,
    private readonly pins: FieldCipher,
  ) {}

  private erro(linha: number, motivos: string[]): void {
    this.qtdLinhasErros++;
    // Several reasons read as one sentence: '…dígitos; Cargo não encontrado: 99'.
    const motivo = motivos.length === 1 ? motivos[0]! : motivos.map((m) => m.replace(/\.$/, '')).join('; ');
    if (this.erros.length < IMPORTACAO.errosListados) this.erros.push({ linha, motivo });
  }

  linha(l: CsvLine): void {
    // The header row of an exported file is not an employee (issue 24 §6).
    if (this.qtdLinhas === 0 && 'celulas' in l && ehCabecalhoExportado(l.celulas)) return;
    this.qtdLinhas++;
    if ('erro' in l) return this.erro(l.numero, [l.erro]);
    const c = celulasDaLinha(l.celulas, this.colunas);
    if ('erro' in c) return this.erro(l.numero, [c.erro]);
    const motivos: string[] = [];
    const { formatoData } = this.colunas;
    const dataAdmissao = dataDoArquivo(c.dataAdmissao, formatoData);
    const dataNascimento = dataDoArquivo(c.dataNascimento, formatoData);
    const datasRuins = new Set<string>();
    for (const [campo, valor] of [
      ['dataAdmissao', dataAdmissao],
      ['dataNascimento', dataNascimento],
    ] as const) {
      if (valor === undefined) {
        datasRuins.add(campo);
        motivos.push(MSG_IMPORTACAO.dataInvalidaFormato(ROTULO[campo]!, formatoData));
      }
    }
    const v = validarLinhaFuncionario(
      {
        nome: c.nome,
        pis: documentoDoArquivo(c.pis) || null,
        cpf: documentoDoArquivo(c.cpf),
        email: c.email || null,
        cracha: c.cracha,
        registro: c.registro,
        dataAdmissao: dataAdmissao ?? null,
        dataNascimento: dataNascimento ?? null,
        senhaTecladoSemBio: c.senhaTecladoSemBio || null,
      },
      this.ref.hoje,
    );
    if (!v.ok) for (const e of v.erros) if (!datasRuins.has(e.campo)) motivos.push(e.mensagem);

    const cargo = c.cargo === '' ? 'vazio' : this.ref.cargos.buscar(c.cargo);
    if (cargo === 'vazio') motivos.push(M.selecioneCargo);
    else if (cargo === 'nenhum') motivos.push(MSG_IMPORTACAO.cargoNaoEncontrado(c.cargo));
    else if (cargo === 'ambiguo') motivos.push(MSG_IMPORTACAO.cargoAmbiguo(c.cargo));
    const centro = c.centroCusto === '' ? 'vazio' : this.ref.centros.buscar(c.centroCusto);
    if (centro === 'vazio') motivos.push(M.selecioneCentroCusto);
    else if (centro === 'nenhum') motivos.push(MSG_IMPORTACAO.centroCustoNaoEncontrado(c.centroCusto));
    else if (centro === 'ambiguo') motivos.push(MSG_IMPORTACAO.centroCustoAmbiguo(c.centroCusto));

    if (v.ok) {
      // Never overwritten: a CPF or badge already taken (or taken by a line above) is reported, not imported.
      const f = v.funcionario;
      const cpfAntes = this.cpfNaLinha.get(f.cpf);
      if (this.ref.cpfs.has(f.cpf)) motivos.push(MSG_IMPORTACAO.cpfJaCadastrado);
      else if (cpfAntes !== undefined) motivos.push(MSG_IMPORTACAO.cpfRepetidoNoArquivo(cpfAntes));
      const crachaAntes = this.crachaNaLinha.get(f.cracha);
      if (this.ref.crachas.has(f.cracha)) motivos.push(MSG_IMPORTACAO.crachaJaCadastrado);
      else if (crachaAntes !== undefined) motivos.push(MSG_IMPORTACAO.crachaRepetidoNoArquivo(crachaAntes));
      if (motivos.length === 0 && typeof cargo === 'object' && typeof centro === 'object') {
        this.cpfNaLinha.set(f.cpf, l.numero);
        this.crachaNaLinha.set(f.cracha, l.numero);
        this.linhas.push({
          linha: l.numero,
          nome: f.nome,
          pis: f.pis,
          cpf: f.cpf,
          cracha: f.cracha,
          registro: f.registro,
          dataAdmissao: f.dataAdmissao,
          dataNascimento: f.dataNascimento,
          email: f.email,
          senhaTecladoCifrada: f.senhaTecladoSemBio ? this.pins.encrypt(f.senhaTecladoSemBio) : null,
          cargoId: cargo.id,
          centroCustoId: centro.id,
        });
        return;
      }
    }
    this.erro(l.numero, motivos);
  }
}

async function hojeDa(w: TenantWork): Promise<string> {
  return localDate(w.now, await fusoHorarioEmpresa(w.tx, w.tenantId));
}

/**
 * Importação de funcionários (seed 001 §2.8, §7; issue 10 §7; decision 0039).
 *
 * processar reads the upload in three steps, so no transaction stays open
 * while a slow client sends its file: a short read of what the checks need
 * (company in the caller's scope, positions, the cost centres the caller may
 * write, the CPFs and badges already taken), the lines checked as they
 * arrive, then one short write of the good lines under a new id.
 *
 * salvar writes them all in one transaction, in bulk, after locking the
 * import (a second salvar of it waits, then finds it gone) and checking
 * again what may have changed since: scope, registers, CPFs, the plan.
 */
export function importacaoFuncionarios(ctx: ContextoImportacao) {
  return {
    /** The companies the caller may import into (the provider's screen: every company of the customer). */
    listarCnpjsCliente(auth: AuthContext) {
      return ctx.run(auth, async (w) => repo.listCnpjs(w.tx, w.tenantId, (await w.scope()).cnpjIds));
    },

    async processar(auth: AuthContext, input: ProcessarInput, file: UploadedFile): Promise<ResumoImportacao> {
      const cnpjId = input.jsonRequisicao.cnpj.id;
      const antes = await ctx.run(auth, async (w) => {
        const scope = await w.scope();
        scope.requireCnpj(cnpjId);
        const cnpj = await repo.findCnpj(w.tx, w.tenantId, cnpjId);
        if (!cnpj) throw notFound(MSG.naoEncontrado);
        const hoje = await hojeDa(w);
        const cargos = await repo.listCargos(w.tx, w.tenantId);
        const centros = (await repo.listCentrosCusto(w.tx, w.tenantId, cnpjId)).filter((c) => scope.hasCentroCusto(c));
        const docs = await repo.documentosAtivos(w.tx, w.tenantId, cnpjId);
        const escalas = await repo.listEscalas(w.tx, w.tenantId);
        const ref: Referencias = {
          hoje,
          cargos: new Correspondencia(cargos),
          centros: new Correspondencia(centros),
          cpfs: new Set(docs.map((d) => d.cpf)),
          crachas: new Set(docs.map((d) => d.cracha)),
        };
        return { cnpj, escalas, ref };
      });

      const conferencia = new Conferencia(antes.ref, input.jsonColunas, ctx.pins);
      try {
        for await (const linha of readCsv(file.stream, {
          charset: input.jsonColunas.charset,
          maxLineChars: IMPORTACAO.linhaMaxCaracteres,
          maxLines: IMPORTACAO.linhasMax,
        })) {
          conferencia.linha(linha);
        }
      } catch (e) {
        if (e instanceof CsvFileError) throw badRequest(e.message);
        throw e;
      }

      const dados: DadosImportacao = {
        nomeArquivo: file.nomeArquivo,
        qtdLinhas: conferencia.qtdLinhas,
        linhas: conferencia.linhas,
      };
      const id = await ctx.run(auth, async (w) => {
        await repo.deleteExpired(w.tx, w.tenantId, w.now);
        return repo.insertImport(w.tx, {
          tenantId: w.tenantId,
          usuarioId: ctx.dono(auth),
          cnpjId,
          dados,
          now: w.now,
          expiraEm: new Date(w.now.getTime() + IMPORTACAO.validadeMinutos * 60_000),
        });
      });
      return {
        id,
        cnpj: antes.cnpj,
        escalas: antes.escalas.map(toContrato),
        qtdLinhas: conferencia.qtdLinhas,
        qtdFuncionarios: conferencia.linhas.length,
        qtdLinhasErros: conferencia.qtdLinhasErros,
        linhasErros: conferencia.erros,
      };
    },

    salvar(auth: AuthContext, input: SalvarInput): Promise<ResultadoImportacao> {
      return ctx.run(auth, async (w) => {
        const imp = await repo.lockImport(w.tx, w.tenantId, input.id, ctx.dono(auth), w.now);
        if (!imp) throw badRequest(MSG_IMPORTACAO.importacaoNaoEncontrada);
        const scope = await w.scope();
        scope.requireCnpj(imp.cnpjId);
        const cnpj = await repo.findCnpj(w.tx, w.tenantId, imp.cnpjId);
        const escala = await repo.lockEscala(w.tx, w.tenantId, input.escala.id);
        if (!cnpj || !escala) throw notFound(!cnpj ? MSG.naoEncontrado : M.escalaNaoEncontrada);
        const { linhas, nomeArquivo } = imp.dados;
        if (linhas.length === 0) throw badRequest(MSG_IMPORTACAO.nenhumFuncionarioValido);
        await exigirRegistros(w, scope, imp.cnpjId, linhas);

        // A CPF or badge taken since processar is skipped (and the plan counts only the others).
        const docs = await repo.documentosAtivos(w.tx, w.tenantId, imp.cnpjId);
        const cpfs = new Set(docs.map((d) => d.cpf));
        const crachas = new Set(docs.map((d) => d.cracha));
        const novas = linhas.filter((l) => !cpfs.has(l.cpf) && !crachas.has(l.cracha));
        await garantirLimiteFuncionarios(w, novas.length);

        const hoje = await hojeDa(w);
        const ids = await repo.insertFuncionarios(w.tx, w.tenantId, {
          cnpjId: imp.cnpjId,
          dataAtivacao: hoje,
          linhas: novas,
        });
        const criadas = novas.filter((l) => ids.has(l.cpf));
        await repo.insertHistoricos(
          w.tx,
          w.tenantId,
          criadas.map((l) => ({
            funcionarioId: ids.get(l.cpf)!,
            escalaId: escala.id,
            dataInicio: input.dataIinicioEscala,
          })),
          criadas.map((l) => ({ funcionarioId: ids.get(l.cpf)!, cargoId: l.cargoId, dataInicio: l.dataAdmissao })),
        );
        // The list's search words and counts (decision 0033), in the same transaction.
        await funcionariosGravados(w, [...ids.values()]);
        // The company's clocks register them (decision 0083).
        await relogiosSeguemFuncionarios(w, [...ids.values()]);
        await repo.deleteImport(w.tx, w.tenantId, imp.id);
        await w.audit({
          acao: 'Cadastrar',
          descricao:
            `Importação de funcionários: ${criadas.length} de ${linhas.length} (arquivo ${nomeArquivo}, ` +
            `empresa ${formatCnpj(cnpj.numero)} - ${cnpj.razaoSocial}, escala ${escala.descricao} ` +
            `a partir de ${brDate(input.dataIinicioEscala)})`,
          alvo: { cnpjId: imp.cnpjId },
        });
        return {
          mensagem: MSG_IMPORTACAO.importacaoConcluida(criadas.length),
          qtdFuncionarios: criadas.length,
          qtdJaCadastrados: linhas.length - criadas.length,
        };
      });
    },
  };
}

/**
 * The positions and cost centres the lines point at still exist (locked
 * against deletion until the commit) and the cost centres are still the
 * caller's to write: both may have changed while the user was on Confirmar.
 */
async function exigirRegistros(
  w: TenantWork,
  scope: UserScope,
  cnpjId: number,
  linhas: readonly LinhaImportada[],
): Promise<void> {
  const cargoIds = [...new Set(linhas.map((l) => l.cargoId))];
  const centroIds = [...new Set(linhas.map((l) => l.centroCustoId))];
  const cargos = await repo.lockCargos(w.tx, w.tenantId, cargoIds);
  const centros = await repo.lockCentrosCusto(w.tx, w.tenantId, centroIds);
  if (cargos.size !== cargoIds.length || centros.length !== centroIds.length) {
    throw conflict(MSG_IMPORTACAO.importacaoDesatualizada);
  }
  for (const c of centros) {
    if (c.cnpjId !== cnpjId) throw conflict(MSG_IMPORTACAO.importacaoDesatualizada);
    if (!scope.hasCentroCusto(c)) throw forbidden(MSG.escopoSomenteAtribuidos);
  }
}

/** The import in the caller's own tenant (Importar funcionários, code 26). */
export function funcionariosImportacaoService(deps: Deps) {
  return importacaoFuncionarios({
    run: tenantWork(deps),
    dono: (auth) => auth.userId,
    pins: keypadPinCipher(deps.config),
  });
}
