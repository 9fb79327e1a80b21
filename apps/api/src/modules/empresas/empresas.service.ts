import {
  MSG,
  PERM,
  formatCnpj,
  formatCpf,
  type CnpjLinha,
  type CnpjOpcao,
  type EmpresaPrincipal,
  type ParsedBodyOf,
  type ResponseOf,
  empresaApi,
} from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, conflict, forbidden, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { tenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import { empresasRepository as repo, type CnpjRow, type CnpjValues } from './empresas.repository.js';

type SaveBody = ParsedBodyOf<typeof empresaApi.salvarCnpj>;
type PeriodoBody = ParsedBodyOf<typeof empresaApi.alterarPeriodoFechamento>['empresa'];

const tipoDocumento = (t: string): 'cnpj' | 'cpf' => (t === 'cpf' ? 'cpf' : 'cnpj');

/** The document as people read it: 11.222.333/0001-81 or 123.456.789-09. */
const documento = (c: { numero: string; tipoNumeroDocumento: string }) =>
  tipoDocumento(c.tipoNumeroDocumento) === 'cpf' ? formatCpf(c.numero) : formatCnpj(c.numero);

/** How the operation log and pickers name a company. */
const cnpjNome = (c: { numero: string; tipoNumeroDocumento: string; razaoSocial: string }) =>
  `${documento(c)} - ${c.razaoSocial}`;

const { codigoEmpresa } = empresaApi;
const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });

function toLinha(r: CnpjRow): CnpjLinha {
  return {
    id: r.id,
    codigoEmpresa: codigoEmpresa(r.id),
    numero: r.numero,
    tipoNumeroDocumento: tipoDocumento(r.tipoNumeroDocumento),
    razaoSocial: r.razaoSocial,
    celular: r.celular,
    telefone1: r.telefone1,
    telefone2: r.telefone2,
    codigoContabil: r.codigoContabil,
    codigoFilial: r.codigoFilial,
    principal: r.principal,
    estado: r.uf,
    cidade: r.cidadeNome,
  };
}

const toOpcao = (r: CnpjRow): CnpjOpcao => ({
  id: r.id,
  numero: r.numero,
  razaoSocial: r.razaoSocial,
  tipoNumeroDocumento: tipoDocumento(r.tipoNumeroDocumento),
  cnpjNome: cnpjNome(r),
});

/**
 * Empresas (seed 000 §2.5, §3, §5, §7): the CNPJ/CPF registrations of the
 * tenant with their addresses, and the main company's closing period. Lists
 * and reads follow the user's scope (decision 0020): a company not assigned to
 * the user does not exist for them.
 */
export function empresasService(deps: Deps) {
  const run = tenantWork(deps);

  return {
    async listarEmpresas(auth: AuthContext): Promise<ResponseOf<typeof empresaApi.listarEmpresas>> {
      return run(auth, async (w) => {
        const [rows, empresa] = [await repo.listCnpjs(w.tx, w.tenantId, await w.scope()), await main(w)];
        return {
          cnpjs: rows.map(toLinha),
          diaInicioFechamento: empresa.diaInicioFechamento,
          diaFinalFechamento: empresa.diaFinalFechamento,
        };
      });
    },

    /** The user's companies as picker options (every screen that filters by company). */
    async listarCnpjs(auth: AuthContext): Promise<CnpjOpcao[]> {
      return run(auth, async (w) => (await repo.listCnpjs(w.tx, w.tenantId, await w.scope())).map(toOpcao));
    },

    async buscarCnpj(auth: AuthContext, idCnpj: number): Promise<ResponseOf<typeof empresaApi.buscarCnpj>> {
      return run(auth, async (w) => {
        (await w.scope()).requireCnpj(idCnpj);
        const r = await repo.findCnpj(w.tx, w.tenantId, idCnpj);
        if (!r) throw notFound(MSG.naoEncontrado);
        const [estados, cidades] = [
          await repo.listEstados(w.tx),
          r.estadoId === null ? [] : await repo.listCidades(w.tx, r.estadoId),
        ];
        return {
          cnpj: {
            id: r.id,
            codigoEmpresa: codigoEmpresa(r.id),
            numero: r.numero,
            tipoNumeroDocumento: tipoDocumento(r.tipoNumeroDocumento),
            razaoSocial: r.razaoSocial,
            telefone1: r.telefone1,
            telefone2: r.telefone2,
            celular: r.celular,
            codigoContabil: r.codigoContabil,
            codigoFilial: r.codigoFilial,
            principal: r.principal,
            dataCadastro: r.dataCadastro.toISOString(),
            fusoHorario: r.fusoHorario,
          },
          endereco: {
            tipoLocal: (r.tipoLocal as ResponseOf<typeof empresaApi.buscarCnpj>['endereco']['tipoLocal']) ?? null,
            rua: r.rua,
            numero: r.numeroEndereco,
            complemento: r.complemento,
            cep: r.cep,
            bairro: r.bairro,
            cidade: r.cidadeId === null || r.cidadeNome === null ? null : { id: r.cidadeId, nome: r.cidadeNome },
          },
          idEstado: r.estadoId,
          estados,
          cidades: sortByName(cidades),
        };
      });
    },

    async buscarEmpresa(auth: AuthContext): Promise<EmpresaPrincipal> {
      return run(auth, main);
    },

    async listarEstados(auth: AuthContext) {
      return run(auth, (w) => repo.listEstados(w.tx));
    },

    async listarCidades(auth: AuthContext, idEstado: number) {
      return run(auth, async (w) => {
        if (!(await repo.estadoExists(w.tx, idEstado))) throw notFound(MSG.naoEncontrado);
        return sortByName(await repo.listCidades(w.tx, idEstado));
      });
    },

    /** Create (30) or, with an id, edit (32) a company with its address. */
    async salvarCnpj(auth: AuthContext, body: Pick<SaveBody, 'cnpj' | 'endereco'>): Promise<{ mensagem: string }> {
      const { cnpj, endereco } = body;
      const editing = cnpj.id !== null && cnpj.id !== undefined;
      if (!auth.permissoes.has(editing ? PERM.EMPRESAS_EDITAR : PERM.EMPRESAS_NOVO)) throw forbidden(MSG.semPermissao);
      return run(auth, async (w) => {
        const cidade = await repo.findCidade(w.tx, endereco.cidade.id);
        if (!cidade) throw badRequest(MSG.cidadeNaoEncontrada);
        const values: CnpjValues = {
          numero: cnpj.numero,
          tipoNumeroDocumento: cnpj.tipoNumeroDocumento,
          razaoSocial: cnpj.razaoSocial,
          telefone1: cnpj.telefone1,
          telefone2: cnpj.telefone2,
          celular: cnpj.celular,
          codigoContabil: cnpj.codigoContabil,
          codigoFilial: cnpj.codigoFilial,
          tipoLocal: endereco.tipoLocal,
          rua: endereco.rua,
          numeroEndereco: endereco.numero,
          complemento: endereco.complemento,
          cep: endereco.cep,
          bairro: endereco.bairro,
          cidadeId: cidade.id,
          // The company's wall clock is its city's (punches are stored in it).
          fusoHorario: cidade.fusoHorario,
        };
        const scope = await w.scope();
        let before: CnpjRow | undefined;
        if (editing) {
          scope.requireCnpj(cnpj.id!);
          before = await repo.findCnpj(w.tx, w.tenantId, cnpj.id!);
          if (!before) throw notFound(MSG.naoEncontrado);
        } else {
          // One creation at a time per tenant: the count below sees every committed CNPJ.
          await repo.lockMainCompany(w.tx, w.tenantId);
        }
        const clash = await repo.findCnpjByNumero(w.tx, w.tenantId, values.numero);
        if (clash && clash.id !== cnpj.id) throw conflict(MSG.empresaDocumentoEmUso);
        if (editing) {
          await repo.updateCnpj(w.tx, w.tenantId, cnpj.id!, values);
          await w.audit({
            acao: 'Editar',
            descricao: `Empresa ${cnpjNome(before!)} alterada para ${cnpjNome(values)}`,
            alvo: { cnpjId: cnpj.id! },
          });
          return { mensagem: MSG.empresaAlterada };
        }
        const empresa = await main(w);
        const max = (await repo.maxCnpjsOfPlan(w.tx, w.tenantId)) ?? 0;
        if ((await repo.countCnpjs(w.tx, w.tenantId)) >= max) throw badRequest(MSG.limiteEmpresasDoPlano(max));
        const created = await repo.insertCnpj(w.tx, w.tenantId, empresa.id, values);
        // The creator sees what they created; other users get it on Sistema > Usuários (decision 0020).
        // A support session sees the whole tenant and is no user of it (decision 0016): nothing to assign.
        if (!auth.suporte) await repo.assignCnpjToUser(w.tx, w.tenantId, auth.userId, created.id);
        await w.audit({
          acao: 'Cadastrar',
          descricao: `Empresa ${codigoEmpresa(created.id)} ${cnpjNome(values)}`,
          alvo: { cnpjId: created.id },
        });
        return { mensagem: MSG.empresaSalva };
      });
    },

    /**
     * The main company's closing period (32; decision 0019). Tenant-wide: it
     * is not limited by the user's companies.
     */
    async alterarPeriodoFechamento(auth: AuthContext, dias: PeriodoBody): Promise<{ mensagem: string }> {
      return run(auth, async (w) => {
        const before = await main(w);
        await repo.updateClosingPeriod(w.tx, w.tenantId, dias.diaInicioFechamento, dias.diaFinalFechamento);
        await w.audit({
          acao: 'Editar',
          descricao:
            `Período de fechamento ${before.diaInicioFechamento} a ${before.diaFinalFechamento} ` +
            `alterado para ${dias.diaInicioFechamento} a ${dias.diaFinalFechamento}`,
        });
        return { mensagem: MSG.periodoFechamentoAlterado };
      });
    },
  };
}

async function main(w: TenantWork): Promise<EmpresaPrincipal> {
  const empresa = await repo.mainCompany(w.tx, w.tenantId);
  // Every tenant is created with its main company (seed, provider's area): its absence is a broken tenant.
  if (!empresa) throw new Error(`Cliente ${w.tenantId} sem empresa principal`);
  return empresa;
}

function sortByName<T extends { nome: string }>(rows: T[]): T[] {
  return [...rows].sort((a, b) => collator.compare(a.nome, b.nome));
}
