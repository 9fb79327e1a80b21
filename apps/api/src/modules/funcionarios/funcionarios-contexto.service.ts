import { funcionarioApi as api, formatCnpj, formatCpf, type ParsedBodyOf } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { fusoHorarioEmpresa } from '../../db/fuso-horario-empresa.js';
import { badRequest, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { localDate } from '../../shared/clock.js';
import { keypadPinCipher } from '../../shared/field-cipher.js';
import { decodeBase64Image, jpegSize } from '../../shared/jpeg.js';
import { tenantWork, type RunTenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import {
  funcionariosRepository as repo,
  type FiltroFuncionarios,
  type FuncionarioRow,
} from './funcionarios.repository.js';
import { vincularMarcacoesSemVinculo } from '../afd/vinculos.service.js';

export type SalvarBody = ParsedBodyOf<typeof api.salvarFuncionario>;
export type AlterarBody = ParsedBodyOf<typeof api.alterarFuncionario>;
export type Mensagem = { mensagem: string };

export const { FUNCIONARIO_MSG: M } = api;
const { LIMITS_FOTO, normalizarCrachaNome } = api;

/**
 * What every use case of Funcionários (seed 001 §2.5–2.7, §4, §5, §7; issue
 * 10 §5, §6) works with, made once per service (decision 0068). Every call is
 * one transaction in the tenant (`run`); an employee is seen only when its
 * company and cost centre are in the caller's scope (decision 0020: out of
 * scope = 404) and every change of one employee first locks its row
 * (`visivel(w, id, true)`), so two users changing the same employee at once
 * are served one after the other.
 */
export interface FuncionariosContexto {
  deps: Deps;
  run: RunTenantWork;
  /** The keypad PINs' key (decision 0065), derived on first use. */
  pins: () => ReturnType<typeof keypadPinCipher>;
}

export function funcionariosContexto(deps: Deps): FuncionariosContexto {
  return { deps, run: tenantWork(deps), pins: () => keypadPinCipher(deps.config) };
}

/** The company's calendar day (db/fuso-horario-empresa.ts): activation and the date rules use it. */
export async function hojeDa(w: TenantWork): Promise<{ hoje: string; zona: string }> {
  const zona = await fusoHorarioEmpresa(w.tx, w.tenantId);
  return { hoje: localDate(w.now, zona), zona };
}

/** The version counter of the tenant's employees (decision 0033): the list's cached counts hold while it stands. */
export const VERSAO_FUNCIONARIOS = 'funcionarios';

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

export const cnpjNome = (c: { numero: string; tipoNumeroDocumento: string; razaoSocial: string }) =>
  `${c.tipoNumeroDocumento === 'cpf' ? formatCpf(c.numero) : formatCnpj(c.numero)} - ${c.razaoSocial}`;

/** How the operation log names an employee. */
export const rotulo = (f: { cracha: string; nome: string }) => `Funcionário ${f.cracha} - ${f.nome}`;

/** The photo's bytes when they are a JPEG of at most 640×480 (seed 001 §5), else the seed's message. */
export function fotoValida(base64: string): Buffer {
  const bytes = decodeBase64Image(base64);
  const size = bytes && jpegSize(bytes);
  if (!bytes || !size) throw badRequest(M.fotoTipo);
  if (size.width > LIMITS_FOTO.larguraMax || size.height > LIMITS_FOTO.alturaMax) throw badRequest(M.fotoTamanho);
  return bytes;
}

/** The person's fields as stored (PIS empty = null, decision 0032). */
export function dadosPessoa(f: SalvarBody['funcionario'] | AlterarBody['funcionario']) {
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
export const alvoDe = (f: { cnpjId: number; centroCustoId: number }) => ({
  cnpjId: f.cnpjId,
  centroCustoId: f.centroCustoId,
});

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

/** The employee if the user sees it, else 404; `forUpdate` locks it for a change. */
export async function visivel(w: TenantWork, id: number, forUpdate = false): Promise<FuncionarioRow> {
  const row = await repo.find(w.tx, w.tenantId, id, forUpdate);
  if (!row || !(await w.scope()).hasRow(row.cnpjId, row.centroCustoId)) throw notFound(M.naoEncontrado);
  return row;
}

/**
 * A change of one employee the user sees (404 otherwise), in one transaction
 * that first locks its row: two users changing the same employee at once are
 * served one after the other.
 */
export function mudarFuncionario<T>(
  ctx: FuncionariosContexto,
  auth: AuthContext,
  idFuncionario: number,
  fn: (w: TenantWork, f: FuncionarioRow) => Promise<T>,
): Promise<T> {
  return ctx.run(auth, async (w) => fn(w, await visivel(w, idFuncionario, true)));
}

/** A cost centre of the company the user may put employees in (404 unseen, 403 seen but not theirs, 400 other company). */
export async function centroCustoGravavel(w: TenantWork, id: number, cnpjId: number) {
  const cc = (await w.scope()).requireWritableCentroCusto(await repo.findCentroCusto(w.tx, w.tenantId, id));
  if (cc.cnpjId !== cnpjId) throw badRequest(M.centroCustoDeOutraEmpresa);
  return cc;
}

/** CPF and badge are unique among the active employees of a company (the indexes say so too, for races). */
export async function exigirUnicos(
  w: TenantWork,
  cnpjId: number,
  f: { cpf: string; cracha: string },
  exceptId?: number,
) {
  if (await repo.findAtivo(w.tx, w.tenantId, cnpjId, { cpf: f.cpf }, exceptId)) throw badRequest(M.cpfJaCadastrado);
  if (await repo.findAtivo(w.tx, w.tenantId, cnpjId, { cracha: f.cracha }, exceptId)) {
    throw badRequest(M.crachaJaCadastrado);
  }
}

export async function escalaExistente(w: TenantWork, id: number) {
  const e = await repo.findEscala(w.tx, w.tenantId, id);
  if (!e) throw badRequest(M.escalaNaoEncontrada);
  return e;
}

export async function cargoExistente(w: TenantWork, id: number) {
  const c = await repo.findCargo(w.tx, w.tenantId, id);
  if (!c) throw badRequest(M.cargoNaoEncontrado);
  return c;
}

/** The list's filter from the screen's (company checked against the scope, cost centres with their children). */
export async function filtro(
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
