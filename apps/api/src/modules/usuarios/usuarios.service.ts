import { MSG, usuarioApi, type ParsedBodyOf, type Usuario } from '@jornada/contracts';
import type { Deps } from '../../deps.js';
import { badRequest, forbidden, notFound } from '../../shared/app-error.js';
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

  /**
   * In each company where the caller is limited to some cost centres and the
   * change touches (adds it, or takes one of its cost centres away), the user
   * must keep at least one cost centre: none would open the whole company,
   * which the caller does not see (decision 0020).
   */
  async function keepWithinCallerScope(
    w: TenantWork,
    userId: number,
    body: Pick<AlterarBody, 'idsCnpjs' | 'idsCentrosCustos' | 'idsCentrosCustosExcluir'>,
    kept: ReadonlySet<number>,
    centros: readonly { id: number; cnpjId: number }[],
  ): Promise<void> {
    const scope = await w.scope();
    const removing = new Set(body.idsCentrosCustosExcluir);
    const adding = new Set(body.idsCentrosCustos);
    const touched = new Set([...body.idsCnpjs, ...centros.filter((c) => removing.has(c.id)).map((c) => c.cnpjId)]);
    const limited = [...touched].filter((c) => kept.has(c) && scope.limitedCnpjs.has(c));
    if (limited.length === 0) return;
    const current = (await repo.userCostCentres(w.tx, w.tenantId, userId)).map((c) => ({ id: c.id, cnpjId: c.idCnpj }));
    const after = [...current, ...centros.filter((c) => adding.has(c.id))].filter((c) => !removing.has(c.id));
    if (limited.some((cnpjId) => !after.some((c) => c.cnpjId === cnpjId))) {
      throw forbidden(MSG.escopoUsuarioSemCentroCusto);
    }
  }

  async function profileOf(w: TenantWork, id: number) {
    const perfil = await repo.findProfile(w.tx, w.tenantId, id);
    if (!perfil) throw badRequest(MSG.perfilNaoEncontrado);
    return perfil;
  }

  return {
    async listarUsuarios(auth: AuthContext): Promise<Usuario[]> {
      return run(auth, async (w) => (await repo.listUsers(w.tx, w.tenantId)).map(toUsuario));
    },

    listarPerfisUsuario(auth: AuthContext) {
      return run(auth, (w) => repo.listProfiles(w.tx, w.tenantId));
    },

    /**
     * 'Novo Usuário': no password is created, shown or mailed; the user gets
     * an e-mail with a link to create it (decision 0021) and every company the
     * creator sees — in a company where the creator is limited to some cost
     * centres, those same ones (decision 0020: nobody hands out more than they
     * see). Editar Usuário narrows them.
     */
    async salvarUsuario(auth: AuthContext, body: SalvarBody) {
      const { nome, email } = body.usuario;
      await run(auth, async (w) => {
        await repo.lockTenantUsers(w.tx, w.tenantId);
        const perfil = await profileOf(w, body.perfil.id);
        const max = await repo.maxUsers(w.tx, w.tenantId);
        if (max !== undefined && (await repo.countUsers(w.tx, w.tenantId)) >= max) {
          throw badRequest(MSG.limiteUsuarios(max));
        }
        // E-mails are unique across every tenant: another tenant's user is
        // invisible here (RLS), so the unique index is what answers
        // 'E-mail já cadastrado.' (409), also when two requests race.
        const created = await repo.insertUsuario(w.tx, w.tenantId, {
          nome,
          email,
          perfilId: perfil.id,
          dataCadastro: w.now,
        });
        const scope = await w.scope();
        const visible = await repo.tenantCnpjs(w.tx, w.tenantId, scope);
        await repo.addCnpjs(
          w.tx,
          w.tenantId,
          created,
          visible.map((c) => c.id),
        );
        // A support session has no assignments in the tenant and sees it whole (decision 0016).
        const limits = auth.suporte ? [] : await repo.userCostCentres(w.tx, w.tenantId, auth.userId);
        await repo.addCostCentres(
          w.tx,
          w.tenantId,
          created,
          limits.filter((c) => scope.limitedCnpjs.has(c.idCnpj)).map((c) => c.id),
        );
        await w.audit({ acao: 'Cadastrar', descricao: `Usuário ${email} - ${nome} (perfil ${perfil.nome})` });
        await login.convidarUsuario(w.tx, created, auth.nome);
      });
      return { mensagem: MSG.usuarioSalvo };
    },

    async buscarEditarUsuario(auth: AuthContext, idUsuario: number) {
      return run(auth, async (w) => {
        const user = await repo.findUser(w.tx, w.tenantId, idUsuario);
        if (!user) throw notFound(MSG.naoEncontrado);
        // Only what the caller sees (decision 0020): the lists to pick from and,
        // of the user's own assignments, those the caller could pick. The
        // others stay as they are, since Salvar sends only the differences.
        const scope = await w.scope();
        const [cnpjs, cnpjsUsuario, centrosCustosUsuario, perfis, centrosCustos] = [
          await repo.tenantCnpjs(w.tx, w.tenantId, scope),
          await repo.userCnpjs(w.tx, w.tenantId, user.id, scope),
          await repo.userCostCentres(w.tx, w.tenantId, user.id, scope),
          await repo.listProfiles(w.tx, w.tenantId),
          await repo.tenantCostCentres(w.tx, w.tenantId, scope),
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
     * Editar Usuário › Salvar. Every id is checked against the tenant and the
     * caller's scope before anything is written (foreign keys do not see RLS;
     * an id outside the scope answers like one of another tenant), and each
     * cost centre must belong to a company the user keeps; cost centres of a
     * company taken away go with it. In a company where the caller is limited
     * to some cost centres, a change may not leave the user with none there
     * (no cost centre = the whole company, more than the caller sees).
     */
    async alterarUsuario(auth: AuthContext, body: AlterarBody) {
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

        const scope = await w.scope();
        const cnpjIds = [...new Set([...body.idsCnpjs, ...body.idsCnpjsExcluir])];
        const known = await repo.existingCnpjIds(w.tx, w.tenantId, cnpjIds);
        if (cnpjIds.some((c) => !known.has(c) || !scope.hasCnpj(c))) throw badRequest(MSG.empresaNaoEncontrada);
        const centroIds = [...new Set([...body.idsCentrosCustos, ...body.idsCentrosCustosExcluir])];
        const centros = await repo.costCentresByIds(w.tx, w.tenantId, centroIds);
        if (centros.length !== centroIds.length || centros.some((c) => !scope.hasCentroCusto(c))) {
          throw badRequest(MSG.centroCustoNaoEncontrado);
        }

        const current = (await repo.userCnpjs(w.tx, w.tenantId, user.id)).map((c) => c.id);
        const kept = new Set([...current, ...body.idsCnpjs].filter((c) => !body.idsCnpjsExcluir.includes(c)));
        const adding = new Set(body.idsCentrosCustos);
        if (centros.some((c) => adding.has(c.id) && !kept.has(c.cnpjId))) {
          throw badRequest(MSG.centroCustoForaDasEmpresas);
        }
        await keepWithinCallerScope(w, user.id, body, kept, centros);

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

    async excluirUsuario(auth: AuthContext, id: number) {
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
    async buscarUsuario(auth: AuthContext) {
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

    alterarSenha(auth: AuthContext, body: SenhaBody) {
      return login.alterarSenha(auth, body.senha, body.repetirSenha);
    },
  };
}
