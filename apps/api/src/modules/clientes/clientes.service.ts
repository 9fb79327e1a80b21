import { ALL_CUSTOMER_CODES, MSG, SUPORTE, type Cliente, type UsoPlanoLinha } from '@jornada/contracts';
import type { ParsedBodyOf } from '@jornada/contracts';
import type { provedorApi } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import type { Db } from '../../db/client.js';
import { withSystem, type Tx } from '../../db/tenant-tx.js';
import { badRequest, conflict, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { csvLine } from '../../shared/csv.js';
import { hashPassword, newToken, tokenHash } from '../../shared/secrets.js';
import { loginService } from '../login/login.service.js';
import { clientesRepository as repo, type ClienteRow } from './clientes.repository.js';
import { providerWork } from './provider-work.service.js';
import { criarMotivosProtegidos } from '../motivos-afastamento/motivos-afastamento.service.js';

async function suspendIn(tx: Tx, tenantId: number, at: Date): Promise<void> {
  if (!(await repo.setAtivo(tx, tenantId, false))) throw notFound(MSG.naoEncontrado);
  await repo.revokeTenantSessions(tx, tenantId, at);
}

/**
 * Suspends a customer: in one transaction the tenant is marked inactive and
 * every live session of it ends, so a suspension takes effect on the next
 * request, not when the sessions expire. Login then answers 'Acesso suspenso'.
 */
export async function suspenderTenant(systemDb: Db, tenantId: number, at: Date): Promise<void> {
  await withSystem(systemDb, (tx) => suspendIn(tx, tenantId, at));
}

export async function reativarTenant(systemDb: Db, tenantId: number): Promise<void> {
  await withSystem(systemDb, async (tx) => {
    if (!(await repo.setAtivo(tx, tenantId, true))) throw notFound(MSG.naoEncontrado);
  });
}

type ClienteForm = ParsedBodyOf<typeof provedorApi.salvarCliente>['cliente'];

/**
 * The provider's Clientes (issue 9): list with plan, usage and status;
 * create a customer with everything it needs to start; change its plan;
 * suspend and reactivate; turn its open support authorisation into a
 * one-time login link. Everything on the system path, as the provider.
 */
export function clientesService(deps: Deps) {
  const work = providerWork(deps);
  const login = loginService(deps);

  return {
    listarClientes(auth: AuthContext): Promise<Cliente[]> {
      return work(auth, async ({ tx, now }) =>
        (await repo.listComUso(tx, now)).map((c) => ({ ...c, criadoEm: c.criadoEm.toISOString() })),
      );
    },

    /**
     * Novo cliente: tenant, main company, principal CNPJ, the protected
     * Administrador profile with every customer code, the protected
     * 'Transferência' absence reason, and the first administrator — whose
     * password nobody knows until they follow the invitation link (the
     * login service's new-user invitation: the password-reset link, valid
     * config.inviteLinkTtlHours, once; decision 0021).
     */
    async salvarCliente(auth: AuthContext, form: ClienteForm): Promise<{ mensagem: string; id: number }> {
      // Hashed before the transaction so it is not held open while hashing. Nobody ever sees this secret.
      const unusable = await hashPassword(newToken());
      const created = await work(auth, async ({ tx, audit }) => {
        if (!(await repo.nomePlano(tx, form.idPlano))) throw badRequest(MSG.selecionePlano);
        await repo.lockCreation(tx);
        if (await repo.cnpjEmUso(tx, form.cnpj)) throw conflict(MSG.cnpjDeOutroCliente);
        const tenantId = await repo.insertTenant(tx, { nome: form.nome, planoId: form.idPlano });
        const empresaId = await repo.insertEmpresa(tx, tenantId, form.razaoSocial);
        const cnpjId = await repo.insertCnpjPrincipal(tx, {
          tenantId,
          empresaId,
          numero: form.cnpj,
          razaoSocial: form.razaoSocial,
        });
        const perfilId = await repo.insertPerfil(tx, tenantId, 'Administrador', true, ALL_CUSTOMER_CODES);
        await criarMotivosProtegidos(tx, tenantId);
        const user = { tenantId, nome: form.nomeAdministrador, email: form.emailAdministrador };
        const usuarioId = await repo.insertUsuario(tx, { ...user, senhaHash: unusable, perfilId, cnpjIds: [cnpjId] });
        await audit({
          acao: 'Cadastrar',
          descricao: `Cliente ${tenantId} - ${form.nome} (CNPJ ${form.cnpj}, administrador ${form.emailAdministrador})`,
        });
        // In the same transaction: a mail never announces a customer that was rolled back.
        await login.convidarUsuario(tx, usuarioId, auth.nome);
        return { tenantId, usuarioId };
      });
      return { mensagem: MSG.clienteCadastrado(form.emailAdministrador), id: created.tenantId };
    },

    alterarPlanoCliente(auth: AuthContext, tenantId: number, planoId: number) {
      return work(auth, async ({ tx, audit }) => {
        const plano = await repo.nomePlano(tx, planoId);
        if (!plano) throw badRequest(MSG.selecionePlano);
        const cliente = await repo.nomeCliente(tx, tenantId);
        if (!cliente || !(await repo.alterarPlano(tx, tenantId, planoId))) throw notFound(MSG.naoEncontrado);
        await audit({ acao: 'Editar', descricao: `Cliente ${tenantId} - ${cliente.nome}: plano → ${plano}` });
        return { mensagem: MSG.clientePlanoAlterado };
      });
    },

    suspenderCliente(auth: AuthContext, tenantId: number) {
      return work(auth, async ({ tx, now, audit }) => {
        const cliente = await repo.nomeCliente(tx, tenantId);
        if (!cliente) throw notFound(MSG.naoEncontrado);
        await suspendIn(tx, tenantId, now);
        await audit({ acao: 'Editar', descricao: `Cliente ${tenantId} - ${cliente.nome}: suspenso` });
        return { mensagem: MSG.clienteSuspenso };
      });
    },

    reativarCliente(auth: AuthContext, tenantId: number) {
      return work(auth, async ({ tx, audit }) => {
        const cliente = await repo.nomeCliente(tx, tenantId);
        if (!cliente || !(await repo.setAtivo(tx, tenantId, true))) throw notFound(MSG.naoEncontrado);
        await audit({ acao: 'Editar', descricao: `Cliente ${tenantId} - ${cliente.nome}: reativado` });
        return { mensagem: MSG.clienteReativado };
      });
    },

    /**
     * atualizar-ref-acesso (decision 0016): a fresh one-time code for the
     * customer's open authorisation, valid SUPORTE.refAcessoMinutos and for one
     * login; only its hash is stored. The previous code, used or not, dies.
     */
    atualizarRefAcesso(auth: AuthContext, tenantId: number) {
      return work(auth, async ({ tx, now, audit }) => {
        const cliente = await repo.nomeCliente(tx, tenantId);
        if (!cliente) throw notFound(MSG.naoEncontrado);
        if (!cliente.ativo) throw badRequest(MSG.acessoSuspenso);
        const aut = await repo.lockAutorizacaoAberta(tx, tenantId, now);
        if (!aut) throw badRequest(MSG.semAutorizacaoAberta);
        const code = newToken();
        const expiraEm = new Date(now.getTime() + SUPORTE.refAcessoMinutos * 60_000);
        await repo.setRefAcesso(tx, aut.id, tokenHash(code), expiraEm);
        await audit({
          acao: 'Editar',
          descricao: `Cliente ${tenantId} - ${cliente.nome}: link de acesso de suporte (autorização ${aut.id})`,
        });
        const query = new URLSearchParams({
          redirect: '/',
          _ref: String(tenantId),
          _aut: String(aut.id),
          _refacesso: code,
        });
        return {
          mensagem: MSG.linkSuporteGerado,
          link: `${deps.config.appUrl}/login?${query.toString()}`,
          expiraEm: expiraEm.toISOString(),
          autorizacao: { id: aut.id, dataFinal: aut.dataFinal },
        };
      });
    },

    /** Relatórios admin: usage against the plan per customer. */
    relatorioUsoPlanos(auth: AuthContext): Promise<UsoPlanoLinha[]> {
      return work(auth, async ({ tx, now }) => (await repo.listComUso(tx, now)).map(usoPlanoLinha));
    },

    /** The same report as CSV for Brazilian Excel (UTF-8 with BOM, ';'), logged as a report. */
    relatorioUsoPlanosCsv(auth: AuthContext): Promise<Buffer> {
      return work(auth, async ({ tx, now, audit }) => {
        const lines = (await repo.listComUso(tx, now)).map(usoPlanoLinha);
        await audit({ acao: 'Relatório', descricao: `Uso dos planos por cliente (CSV, ${lines.length} clientes)` });
        return usoPlanoCsv(lines);
      });
    },
  };
}

function usoPlanoLinha(c: ClienteRow): UsoPlanoLinha {
  return {
    id: c.id,
    nome: c.nome,
    plano: c.plano?.nome ?? null,
    ativo: c.ativo,
    cnpjs: c.uso.cnpjs,
    maxCnpjs: c.plano?.maxCnpjs ?? null,
    usuarios: c.uso.usuarios,
    maxUsuarios: c.plano?.maxUsuarios ?? null,
    funcionariosAtivos: c.uso.funcionariosAtivos,
    maxFuncionarios: c.plano?.maxFuncionarios ?? null,
    dispositivosMoveis: c.uso.dispositivosMoveis,
    maxDispositivosMoveis: c.plano?.maxDispositivosMoveis ?? null,
    dispositivosWeb: c.uso.dispositivosWeb,
    maxDispositivosWeb: c.plano?.maxDispositivosWeb ?? null,
  };
}

const CSV_HEADER = [
  'Código',
  'Cliente',
  'Plano',
  'Situação',
  'CNPJs',
  'Limite CNPJs',
  'Usuários',
  'Limite usuários',
  'Funcionários ativos',
  'Limite funcionários',
  'Dispositivos móveis',
  'Limite dispositivos móveis',
  'Dispositivos web',
  'Limite dispositivos web',
];

export function usoPlanoCsv(lines: UsoPlanoLinha[]): Buffer {
  const rows = lines.map((l) => [
    l.id,
    l.nome,
    l.plano,
    l.ativo ? 'Ativo' : 'Suspenso',
    l.cnpjs,
    l.maxCnpjs,
    l.usuarios,
    l.maxUsuarios,
    l.funcionariosAtivos,
    l.maxFuncionarios,
    l.dispositivosMoveis,
    l.maxDispositivosMoveis,
    l.dispositivosWeb,
    l.maxDispositivosWeb,
  ]);
  // The shared writer (shared/csv.ts, decision 0065): a client named '=…' reaches Excel as text.
  // The counts and limits are numbers the product computed: written as numbers.
  const text = [CSV_HEADER, ...rows].map(csvLine).join('');
  // The BOM tells Excel the file is UTF-8 (without it, accents break).
  return Buffer.from(`\uFEFF${text}`, 'utf8');
}
