import { MSG, usuarioApi, type ParsedBodyOf, type Usuario } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, notFound } from '../../shared/app-error.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { tenantWork, type TenantWork } from '../../shared/unit-of-work.js';
import { loginService } from '../login/login.service.js';
import { usuariosRepository as repo, type UserRow } from './usuarios.repository.js';

type SalvarBody = ParsedBodyOf<typeof usuarioApi.salvarUsuario>;
type AlterarBody = ParsedBodyOf<typeof usuarioApi.alterarUsuario>;
type SenhaBody = ParsedBodyOf<typeof usuarioApi.alterarSenha>;

const iso = (d: Date | string | null): string | null => (d === null ? null : new Date(d).toISOString());

function toUsuario(r: UserRow): Usuario {
  return {
    id: r.id,
    nome: r.nome,
    nomeLogin: r.nomeLogin,
    email: r.email,
    perfil: { id: r.perfilId, nome: r.perfilNome },
    dataUltimoAcesso: iso(r.dataUltimoAcesso),
    dataCadastro: iso(r.dataCadastro)!,
  };
}

const toCentro = (c: Awaited<ReturnType<typeof repo.tenantCostCentres>>[number]) => ({ ...c, tipo: Number(c.tipo) });

/**
 * Usuários, Editar Usuário and Meus Dados (seed 000 §2.6). Every change to a
 * tenant's set of users runs under the tenant's user lock, so the plan's
 * limit and "at least one Administrador" hold under concurrent requests.
 */
export function usuariosService(deps: Deps) {
  const run = tenantWork(deps);
  const login = loginService(deps);

  /** Refuses a change that would leave the tenant with no user on the Administrador profile. */
  async function keepAnAdministrator(w: TenantWork, user: UserRow, nextProfileProtected: boolean): Promise<void> {
    if (!user.perfilProtegido || nextProfileProtected) return;
    if ((await repo.countAdministrators(w.tx, w.tenantId, user.id)) === 0) throw badRequest(MSG.ultimoAdministrador);
  }

  async function profileOf(w: TenantWork, id: number) {
    const perfil = await repo.findProfile(w.tx, w.tenantId, id);
    if (!perfil) throw badRequest(MSG.perfilNaoEncontrado);
    return perfil;
  }

  return {
    async list(auth: AuthContext): Promise<Usuario[]> {
      return run(auth, async (w) => (await repo.listUsers(w.tx, w.tenantId)).map(toUsuario));
    },

    listProfiles(auth: AuthContext) {
      return run(auth, (w) => repo.listProfiles(w.tx, w.tenantId));
    },

    /**
     * 'Novo Usuário': no password is created, shown or mailed; the user gets
     * an e-mail with a link to create it (decision 0021) and every company of
     * the tenant (Editar Usuário narrows them).
     */
    async create(auth: AuthContext, body: SalvarBody) {
      const { nome, email } = body.usuario;
      const id = await run(auth, async (w) => {
        await repo.lockTenantUsers(w.tx, w.tenantId);
        const perfil = await profileOf(w, body.perfil.id);
        const max = await repo.maxUsers(w.tx, w.tenantId);
        if (max !== undefined && (await repo.countUsers(w.tx, w.tenantId)) >= max) {
          throw badRequest(MSG.limiteUsuarios(max));
        }
        // E-mails are unique across every tenant: another tenant's user is
        // invisible here (RLS), so the unique index is what answers
        // 'E-mail já cadastrado.' (409), also when two requests race.
        const created = await repo.insertUser(w.tx, w.tenantId, {
          nome,
          email,
          perfilId: perfil.id,
          dataCadastro: w.now,
        });
        const all = await repo.tenantCnpjs(w.tx, w.tenantId);
        await repo.addCnpjs(
          w.tx,
          w.tenantId,
          created,
          all.map((c) => c.id),
        );
        await w.audit({ acao: 'Cadastrar', descricao: `Usuário ${email} - ${nome} (perfil ${perfil.nome})` });
        return created;
      });
      login.inviteUser(id, auth.nome);
      return { mensagem: MSG.usuarioSalvo };
    },

    async getForEdit(auth: AuthContext, idUsuario: number) {
      return run(auth, async (w) => {
        const user = await repo.findUser(w.tx, w.tenantId, idUsuario);
        if (!user) throw notFound(MSG.naoEncontrado);
        const [cnpjs, cnpjsUsuario, centrosCustosUsuario, perfis, centrosCustos] = [
          await repo.tenantCnpjs(w.tx, w.tenantId),
          await repo.userCnpjs(w.tx, w.tenantId, user.id),
          await repo.userCostCentres(w.tx, w.tenantId, user.id),
          await repo.listProfiles(w.tx, w.tenantId),
          await repo.tenantCostCentres(w.tx, w.tenantId),
        ];
        return {
          usuario: toUsuario(user),
          cnpjs,
          cnpjsUsuario,
          centrosCustosUsuario: centrosCustosUsuario.map(toCentro),
          perfis,
          perfil: { id: user.perfilId, nome: user.perfilNome },
          centrosCustos: centrosCustos.map(toCentro),
        };
      });
    },

    /**
     * Editar Usuário › Salvar. Every id is checked against the tenant before
     * anything is written (foreign keys do not see RLS), and each cost centre
     * must belong to a company the user keeps; cost centres of a company
     * taken away go with it.
     */
    async update(auth: AuthContext, body: AlterarBody) {
      const { id, nome, email } = body.usuario;
      const overlap = (a: readonly number[], b: readonly number[]) => a.some((x) => b.includes(x));
      if (
        overlap(body.idsCnpjs, body.idsCnpjsExcluir) ||
        overlap(body.idsCentrosCustos, body.idsCentrosCustosExcluir)
      ) {
        throw badRequest(MSG.incluirEExcluirOMesmo);
      }
      return run(auth, async (w) => {
        await repo.lockTenantUsers(w.tx, w.tenantId);
        const user = await repo.findUser(w.tx, w.tenantId, id);
        if (!user) throw notFound(MSG.naoEncontrado);
        const perfil = await profileOf(w, body.perfil.id);
        await keepAnAdministrator(w, user, perfil.protegido);

        const cnpjIds = [...new Set([...body.idsCnpjs, ...body.idsCnpjsExcluir])];
        const known = await repo.existingCnpjIds(w.tx, w.tenantId, cnpjIds);
        if (cnpjIds.some((c) => !known.has(c))) throw badRequest(MSG.empresaNaoEncontrada);
        const centroIds = [...new Set([...body.idsCentrosCustos, ...body.idsCentrosCustosExcluir])];
        const centros = await repo.costCentresByIds(w.tx, w.tenantId, centroIds);
        if (centros.length !== centroIds.length) throw badRequest(MSG.centroCustoNaoEncontrado);

        const current = (await repo.userCnpjs(w.tx, w.tenantId, user.id)).map((c) => c.id);
        const kept = new Set([...current, ...body.idsCnpjs].filter((c) => !body.idsCnpjsExcluir.includes(c)));
        const adding = new Set(body.idsCentrosCustos);
        if (centros.some((c) => adding.has(c.id) && !kept.has(c.cnpjId))) {
          throw badRequest(MSG.centroCustoForaDasEmpresas);
        }

        await repo.updateUser(w.tx, w.tenantId, user.id, { nome, email, perfilId: perfil.id });
        await repo.removeCnpjs(w.tx, w.tenantId, user.id, body.idsCnpjsExcluir);
        await repo.addCnpjs(w.tx, w.tenantId, user.id, body.idsCnpjs);
        await repo.removeCostCentres(w.tx, w.tenantId, user.id, body.idsCentrosCustosExcluir);
        await repo.removeCostCentresOutside(w.tx, w.tenantId, user.id, [...kept]);
        await repo.addCostCentres(w.tx, w.tenantId, user.id, body.idsCentrosCustos);

        const changes = [
          user.nome !== nome ? `nome ${user.nome} → ${nome}` : null,
          user.email !== email ? `e-mail ${user.email} → ${email}` : null,
          user.perfilId !== perfil.id ? `perfil ${user.perfilNome} → ${perfil.nome}` : null,
          body.idsCnpjs.length + body.idsCnpjsExcluir.length > 0
            ? `empresas +${body.idsCnpjs.length}/-${body.idsCnpjsExcluir.length}`
            : null,
          body.idsCentrosCustos.length + body.idsCentrosCustosExcluir.length > 0
            ? `centros de custos +${body.idsCentrosCustos.length}/-${body.idsCentrosCustosExcluir.length}`
            : null,
        ].filter((x) => x !== null);
        await w.audit({
          acao: 'Editar',
          descricao: `Usuário ${user.email} - ${user.nome}${changes.length ? `: ${changes.join('; ')}` : ''}`,
        });
        return { mensagem: MSG.usuarioAlterado };
      });
    },

    async remove(auth: AuthContext, id: number) {
      if (id === auth.userId) throw badRequest(MSG.naoExcluirProprioUsuario);
      return run(auth, async (w) => {
        await repo.lockTenantUsers(w.tx, w.tenantId);
        const user = await repo.findUser(w.tx, w.tenantId, id);
        if (!user) throw notFound(MSG.naoEncontrado);
        await keepAnAdministrator(w, user, false);
        if (!(await repo.deleteUser(w.tx, w.tenantId, id))) throw notFound(MSG.naoEncontrado);
        await w.audit({ acao: 'Excluir', descricao: `Usuário ${user.email} - ${user.nome}` });
        return { mensagem: MSG.usuarioExcluido };
      });
    },

    /** Meus Dados: the caller only, whatever the body says. */
    async getOwn(auth: AuthContext) {
      return run(auth, async (w) => {
        const user = await repo.findUser(w.tx, w.tenantId, auth.userId);
        if (!user) throw notFound(MSG.naoEncontrado);
        const [cnpjs, centrosCustos] = [
          await repo.userCnpjs(w.tx, w.tenantId, user.id),
          await repo.userCostCentres(w.tx, w.tenantId, user.id),
        ];
        return {
          usuario: { id: user.id, nome: user.nome, nomeLogin: user.nomeLogin, email: user.email },
          perfil: { id: user.perfilId, nome: user.perfilNome },
          cnpjs,
          centrosCustos: centrosCustos.map(toCentro),
        };
      });
    },

    changePassword(auth: AuthContext, body: SenhaBody) {
      return login.changePassword(auth, body.senha, body.repetirSenha);
    },
  };
}
