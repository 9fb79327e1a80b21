import {
  clienteAppApi,
  type CredencialApp,
  type ParsedBodyOf,
  type TipoDispositivoApp,
  type UsuarioApp,
} from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { DEMO_PASSWORD } from '../../db/seed/access.js';
import type { Tx } from '../../db/tenant-tx.js';
import { badRequest, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { codigoLegivel, hashPassword, tokenHash } from '../../shared/secrets.js';
import { tenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import { seriesCadastradas } from '../relogio-ponto/relogio-ponto.service.js';
import { chaveDoRelogio } from '../relogio-ponto/serie.js';
import { clienteAppRepository as repo } from './cliente-app.repository.js';

const M = clienteAppApi.CLIENTE_APP_MSG;

const aleatorio = codigoLegivel;

/** A login nobody else has: random, so it says nothing of the company or the employee. */
const novoLogin = (tipo: TipoDispositivoApp) =>
  `${tipo === 'desktop' ? 'coletor' : 'app'}-${aleatorio(8).toLowerCase()}`;

/**
 * The secret shown once (seed 001 §3 'Create response'): a desktop collector
 * gets a password (12 characters, argon2id); an employee's mobile app a code
 * (8 characters, SHA-256, valid 72 h) with which they set their own password.
 */
async function novoSegredo(tipo: TipoDispositivoApp, agora: Date) {
  if (tipo === 'desktop') {
    const senha = aleatorio(12);
    return {
      mostrar: { senha, codigoAlterarSenha: null },
      guardar: { senhaHash: await hashPassword(senha), codigoHash: null, codigoExpiraEm: null },
    };
  }
  const codigo = aleatorio(8);
  return {
    mostrar: { senha: null, codigoAlterarSenha: codigo },
    guardar: {
      senhaHash: null,
      codigoHash: tokenHash(codigo),
      codigoExpiraEm: new Date(agora.getTime() + clienteAppApi.CLIENTE_APP_LIMITS.horasCodigo * 3_600_000),
    },
  };
}

/**
 * The demo's app users (issue 25 §6), in the demo seed's transaction: the
 * collector of the company's clock (login 'coletor-demo') and an employee's
 * mobile app ('app-demo'), both with the demo password, as if already set.
 */
export async function cadastrarUsuariosAppDemonstracao(
  tx: Tx,
  tenantId: number,
  cnpjId: number,
  o: { serie: string | null; funcionario: { id: number; nome: string } | null },
): Promise<void> {
  const senhaHash = await hashPassword(DEMO_PASSWORD);
  const comum = { tenantId, cnpjId, ehAdmin: false, senhaHash, codigoHash: null, codigoExpiraEm: null };
  if (o.serie) {
    await repo.inserir(tx, {
      ...comum,
      tipo: 'desktop',
      nome: `Coletor ${o.serie}`,
      detalhes: o.serie,
      login: 'coletor-demo',
      funcionarioId: null,
    });
  }
  if (o.funcionario) {
    await repo.inserir(tx, {
      ...comum,
      tipo: 'celular',
      nome: o.funcionario.nome,
      detalhes: 'Celular de demonstração',
      login: 'app-demo',
      funcionarioId: o.funcionario.id,
    });
  }
}

type Desktop = Omit<ParsedBodyOf<typeof clienteAppApi.criarUsuarioDesktop>, 'usuarioRequisicao'>;
type Mobile = Omit<ParsedBodyOf<typeof clienteAppApi.criarUsuarioMobile>, 'usuarioRequisicao'>;

/**
 * Cliente App (seed 001 §2.9; issue 25 §1): the app users of the caller's
 * companies. A desktop collector may only list clocks registered in its
 * company; a mobile user is one active employee's, once per employee.
 */
export function clienteAppService(deps: Deps) {
  const run = tenantWork(deps);

  async function doEscopo(w: TenantWork, id: number) {
    const u = await repo.buscar(w.tx, w.tenantId, id);
    if (!u) throw notFound(M.naoEncontrado);
    (await w.scope()).requireCnpj(u.cnpjId);
    return u;
  }

  async function criar(
    w: TenantWork,
    v: {
      cnpjId: number;
      tipo: TipoDispositivoApp;
      nome: string;
      detalhes: string;
      funcionarioId: number | null;
      ehAdmin: boolean;
    },
  ): Promise<CredencialApp> {
    const login = novoLogin(v.tipo);
    const segredo = await novoSegredo(v.tipo, w.now);
    await repo.inserir(w.tx, { tenantId: w.tenantId, ...v, login, ...segredo.guardar });
    await w.audit({
      acao: 'Cadastrar',
      descricao: `Usuário do app ${login} (${v.tipo === 'desktop' ? 'desktop' : 'mobile'}) - ${v.nome}`,
      alvo: { cnpjId: v.cnpjId },
    });
    return { login, tipo: v.tipo, ...segredo.mostrar };
  }

  return {
    listar(auth: AuthContext, tipo: TipoDispositivoApp): Promise<UsuarioApp[]> {
      return run(auth, async (w) => repo.listar(w.tx, w.tenantId, tipo, (await w.scope()).cnpjIds));
    },

    criarDesktop(auth: AuthContext, b: Desktop): Promise<CredencialApp> {
      return run(auth, async (w) => {
        (await w.scope()).requireCnpj(b.idCnpj);
        const pedidas = [
          ...new Set(
            b.detalhes
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean),
          ),
        ];
        const cadastradas = await seriesCadastradas(w.tx, w.tenantId, b.idCnpj);
        const faltam = pedidas.filter((s) => !cadastradas.has(chaveDoRelogio(s)));
        if (faltam.length > 0) throw badRequest(M.relogiosNaoCadastrados(faltam));
        const detalhes = pedidas.join(', ');
        return criar(w, {
          cnpjId: b.idCnpj,
          tipo: 'desktop',
          nome: `Coletor ${detalhes}`.slice(0, 150),
          detalhes,
          funcionarioId: null,
          ehAdmin: false,
        });
      });
    },

    criarMobile(auth: AuthContext, b: Mobile): Promise<CredencialApp> {
      return run(auth, async (w) => {
        (await w.scope()).requireCnpj(b.idCnpj);
        const f = await repo.funcionarioDoCracha(w.tx, w.tenantId, b.idCnpj, b.cracha);
        if (!f) throw badRequest(M.funcionarioNaoEncontrado(b.cracha));
        if (f.temUsuario) throw badRequest(M.funcionarioJaTemUsuario);
        return criar(w, {
          cnpjId: b.idCnpj,
          tipo: 'celular',
          nome: f.nome,
          detalhes: b.detalhes,
          funcionarioId: f.id,
          ehAdmin: b.ehAdmin,
        });
      });
    },

    /** 'Alterar Senha': the old secret stops working in the same transaction. */
    gerarSenhaCodigo(auth: AuthContext, id: number): Promise<CredencialApp> {
      return run(auth, async (w) => {
        const u = await doEscopo(w, id);
        const segredo = await novoSegredo(u.tipo, w.now);
        await repo.trocarSegredo(w.tx, w.tenantId, id, segredo.guardar);
        await w.audit({
          acao: 'Editar',
          descricao: `Usuário do app ${u.login}: ${u.tipo === 'desktop' ? 'nova senha' : 'novo código de senha'}`,
          alvo: { cnpjId: u.cnpjId },
        });
        return { login: u.login, tipo: u.tipo, ...segredo.mostrar };
      });
    },

    excluir(auth: AuthContext, id: number): Promise<{ mensagem: string }> {
      return run(auth, async (w) => {
        const u = await doEscopo(w, id);
        await repo.excluir(w.tx, w.tenantId, id);
        await w.audit({
          acao: 'Excluir',
          descricao: `Usuário do app ${u.login} - ${u.nome}`,
          alvo: { cnpjId: u.cnpjId },
        });
        return { mensagem: M.excluido };
      });
    },
  };
}
