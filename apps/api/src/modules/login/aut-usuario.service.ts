import { ALL_CUSTOMER_CODES, MSG, SUPER_ADMIN_CODE, centroCustoApi, type Sessao } from '@jornada/contracts';
import { withSystem } from '../../db/tenant-tx.js';
import { loadTenantScope, loadUserScope, scopedCentrosCusto } from '../../db/user-scope.js';
import { AppError, unauthorized } from '../../shared/app-error.js';
import { dummyPasswordHash, tokenHash, verifyPassword } from '../../shared/secrets.js';
import { openSession, type ClientInfo, type LoginContexto } from './login-contexto.service.js';

const KNOWN_CODES = new Set(ALL_CUSTOMER_CODES);

/** 'Entrar' (seed 000 §2.1, §3): the password checked under the throttle, then a session. */
export async function autUsuario(
  ctx: LoginContexto,
  body: { email: string; senha: string; referencia?: string; autorizacao?: string; refAcesso?: string },
  client: ClientInfo,
): Promise<Sessao> {
  const { repo, throttle, db } = ctx;
  const attempt = await throttle.begin(body.email, client.ip);
  const user = await repo.findUserForLogin(body.email);
  const ok = await verifyPassword(user?.senhaHash ?? (await dummyPasswordHash()), body.senha);
  if (!user || !ok) {
    await attempt.failed();
    throw unauthorized(MSG.loginInvalido);
  }
  // The password was right: whatever follows is not a guess.
  await attempt.succeeded();
  if (!user.tenantAtivo) throw new AppError(403, MSG.acessoSuspenso);
  if (!user.ativo) throw unauthorized(MSG.usuarioInativo);
  if (body.referencia || body.autorizacao || body.refAcesso) return supportLogin(ctx, user, body, client);
  const { token } = await withSystem(db, (tx) => openSession(ctx, tx, user, client));
  return sessionPayload(ctx, user, token);
}

/**
 * The session payload of seed 000 §3 (permissoes with 0 appended). 99999
 * only for the provider's own users (decision 0015). `supportTenant`: a
 * support session in that tenant — its Administrador codes, all its CNPJs.
 */
async function sessionPayload(
  ctx: LoginContexto,
  user: {
    id: number;
    tenantId: number;
    nome: string;
    email: string;
    nomeLogin: string;
    perfilId: number;
    tenantProvedor: boolean;
  },
  token: { valor: string; expiraEm: string },
  supportTenant?: number,
): Promise<Sessao> {
  const { repo, db, config } = ctx;
  const tenantId = supportTenant ?? user.tenantId;
  const [codes, empresa, cnpjs, centrosCustos, justificativas] = await Promise.all([
    supportTenant === undefined
      ? repo.permissionCodes(user.tenantId, user.perfilId)
      : repo.protectedProfileCodes(supportTenant),
    repo.mainCompany(tenantId),
    supportTenant === undefined ? repo.userCnpjs(user.tenantId, user.id) : repo.tenantCnpjs(supportTenant),
    // The user's cost centres (decision 0020): what the filters of later screens offer. A
    // support session sees the whole tenant (decision 0016).
    (supportTenant === undefined
      ? loadUserScope(db, user.tenantId, user.id)
      : loadTenantScope(db, supportTenant, user.id)
    ).then((scope) => scopedCentrosCusto(db, tenantId, scope)),
    repo.tenantJustificativas(tenantId),
  ]);
  if (!empresa) throw new Error(`Tenant ${tenantId} sem empresa principal`);
  const provider = supportTenant === undefined && user.tenantProvedor;
  const permissoes = [
    ...codes.filter((c) => KNOWN_CODES.has(c) || (provider && c === SUPER_ADMIN_CODE)).sort((a, b) => a - b),
    0,
  ];
  const nomeLogin = supportTenant === undefined ? user.nomeLogin : `suporte:${user.email}`;
  const cnpjList = cnpjs.map((c) => ({ id: c.id, numero: c.numero, razaoSocial: c.razaoSocial }));
  const selected = cnpjList[0] ?? null;
  return {
    token,
    user: { id: user.id, nome: user.nome, email: user.email },
    permissoes,
    versao: config.version,
    dadosRequisicao: {
      usuario: { id: user.id, nome: user.nome, email: user.email, nomeLogin },
      empresa: {
        id: empresa.id,
        nome: empresa.nome,
        diaInicioFechamento: empresa.diaInicioFechamento,
        diaFinalFechamento: empresa.diaFinalFechamento,
        fusoHorario: empresa.fusoHorario,
      },
      cnpj: selected,
      justificativas,
      permissoes,
    },
    cacheEmpresa: {
      idCnpjSelecionado: selected?.id ?? null,
      cnpjSelecionado: selected,
      cnpjs: cnpjList,
      centrosCustos: centrosCustos.map((c) => ({
        id: c.id,
        codigo: c.codigo,
        nome: c.nome,
        tipo: centroCustoApi.NIVEIS_CENTRO_CUSTO_POR_TIPO[c.tipo] ?? 'Departamento',
        idCnpj: c.cnpjId,
      })),
    },
    suporte: supportTenant !== undefined,
  };
}

/**
 * Support access (seed 000 §2.1, §7; decision 0016), after the password was
 * checked: the user must be provider staff holding 99999, the link must name
 * an open authorisation of that tenant, and its one-time code must be
 * unused and unexpired. The code is spent in the transaction that opens the
 * session, so a link logs in once.
 */
async function supportLogin(
  ctx: LoginContexto,
  user: NonNullable<Awaited<ReturnType<LoginContexto['repo']['findUserForLogin']>>>,
  body: { referencia?: string | undefined; autorizacao?: string | undefined; refAcesso?: string | undefined },
  client: ClientInfo,
): Promise<Sessao> {
  const { repo, db, clock } = ctx;
  const tenantId = positiveInt(body.referencia);
  const autorizacaoId = positiveInt(body.autorizacao);
  if (tenantId === undefined || autorizacaoId === undefined || !body.refAcesso) {
    throw unauthorized(MSG.acessoSuporteInvalido);
  }
  const staff =
    user.tenantProvedor && (await repo.permissionCodes(user.tenantId, user.perfilId)).includes(SUPER_ADMIN_CODE);
  if (!staff) throw unauthorized(MSG.acessoSuporteInvalido);
  const { token } = await withSystem(db, async (tx) => {
    const now = clock.now();
    const target = await repo.lockSupportAuthorization(tx, autorizacaoId, tenantId, now);
    if (!target || target.tenantProvedor) throw unauthorized(MSG.semAutorizacaoAberta);
    if (!target.tenantAtivo) throw new AppError(403, MSG.acessoSuspenso);
    if (!target.aberta) throw unauthorized(MSG.semAutorizacaoAberta);
    if (!(await repo.consumeRefAcesso(tx, autorizacaoId, tokenHash(body.refAcesso!), now))) {
      throw unauthorized(MSG.acessoSuporteInvalido);
    }
    return openSession(ctx, tx, { id: user.id, tenantId }, client, autorizacaoId);
  });
  return sessionPayload(ctx, user, token, tenantId);
}

function positiveInt(s: string | undefined): number | undefined {
  if (!s || !/^[1-9][0-9]{0,9}$/.test(s)) return undefined;
  const n = Number(s);
  return n <= 2_147_483_647 ? n : undefined;
}
