/**
 * The commands our server queues for a Control iD access-line device
 * (iDFace/iDFlex) in push mode, in the shape the device runs them
 * (spec/devices.md §1.3, §1.4: `verb`, `endpoint` without `.fcgi`, `body`,
 * `contentType`, `queryString`). Pure: the queue stores what these return.
 */

export interface PayloadComando {
  verb: 'GET' | 'POST';
  endpoint: string;
  body: unknown;
  contentType: 'application/json';
  queryString: string;
}

/** What each queued command does, as `relogio_comandos.tipo` records it. */
export const TIPO_COMANDO = {
  excluirUsuarios: 'delete_all_users',
  excluirAlgunsUsuarios: 'delete_users',
  cadastrarUsuarios: 'upsert_users',
  cadastrarGrupos: 'upsert_user_groups',
  enviarImagens: 'set_images',
  listarImagens: 'user_list_images',
  buscarImagem: 'user_get_image',
  coletarMarcacoes: 'load_access_logs',
  repIncluir: 'rep_add_users',
  repAlterar: 'rep_update_users',
  repExcluir: 'rep_remove_users',
} as const;

/** Users per create_objects (devices.md §4(a): chunks of about 100). */
export const USUARIOS_POR_COMANDO = 100;
/** Photos per user_set_image_list (devices.md §4(a): about 10; each under 1 MB, ours are 640×480 at most). */
export const IMAGENS_POR_COMANDO = 10;
/** The device's default access group: a user outside any group falls under no access rule (devices.md §1.3). */
export const GRUPO_PADRAO = 1;

const comando = (endpoint: string, body: unknown, verb: 'GET' | 'POST' = 'POST', queryString = ''): PayloadComando => ({
  verb,
  endpoint,
  body,
  contentType: 'application/json',
  queryString,
});

export function lotes<T>(itens: readonly T[], tamanho: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < itens.length; i += tamanho) out.push(itens.slice(i, i + tamanho));
  return out;
}

/** Every user of the device, with their cards, groups and images (destroy cascades, devices.md §1.3). */
export const excluirTodosUsuarios = () => comando('destroy_objects', { object: 'users' });

/** These users of the device, with their groups and images (a re-registration starts from none, devices.md §1.3). */
export const excluirUsuarios = (ids: readonly number[]) =>
  comando('destroy_objects', { object: 'users', where: { users: { id: [...ids] } } });

/** A device user is our employee: `id` our employee id, `registration` the badge. */
export interface UsuarioDispositivo {
  id: number;
  nome: string;
  cracha: string;
}

export const cadastrarUsuarios = (us: readonly UsuarioDispositivo[]) =>
  comando('create_objects', {
    object: 'users',
    // The device's name field is short; the badge is what identifies the person on its screen.
    values: us.map((u) => ({ id: u.id, name: u.nome.slice(0, 100), registration: u.cracha })),
  });

export const cadastrarGrupos = (ids: readonly number[]) =>
  comando('create_objects', {
    object: 'user_groups',
    values: ids.map((id) => ({ user_id: id, group_id: GRUPO_PADRAO })),
  });

export interface ImagemUsuario {
  id: number;
  imagem: Buffer;
  em: Date;
}

export const enviarImagens = (imgs: readonly ImagemUsuario[]) =>
  comando('user_set_image_list', {
    // false: a face already enrolled is replaced, not refused (a re-sync).
    match: false,
    user_images: imgs.map((i) => ({
      user_id: i.id,
      timestamp: Math.floor(i.em.getTime() / 1000),
      image: i.imagem.toString('base64'),
    })),
  });

export const listarImagens = () => comando('user_list_images', {});

export const buscarImagem = (userId: number) =>
  comando('user_get_image', {}, 'GET', `user_id=${userId}&get_timestamp=1`);

/**
 * The device's punches from access-log id `desde` on: the backstop for
 * monitor notifications the device gave up on (devices.md §1.5, §4(a)).
 */
export const coletarMarcacoes = (desde: number) =>
  comando('load_objects', { object: 'access_logs', where: { access_logs: { id: { '>': desde - 1 } } } });

/** The user id a user_get_image command asked for. */
export function usuarioDaConsulta(queryString: string | undefined): number | undefined {
  const v = new URLSearchParams(queryString ?? '').get('user_id');
  return v !== null && /^\d{1,10}$/.test(v) ? Number(v) : undefined;
}

/**
 * The REP iDClass commands (devices.md §1.6) a Coletor Local runs on the LAN for a REP clock (decision 0083).
 * The REP keys a user by CPF under portaria 671 (`mode=671`) and by PIS under 1510, as numbers.
 */
export interface UsuarioRep {
  nome: string;
  cracha: string;
  /** CPF (671) or PIS (1510), digits. */
  identificador: string;
}

const modoRep = (portaria: string | null) => (portaria === '1510' ? '' : 'mode=671');
const chaveRep = (portaria: string | null) => (portaria === '1510' ? 'pis' : 'cpf');

function usuarioRep(portaria: string | null, u: UsuarioRep) {
  return {
    name: u.nome.slice(0, 52),
    // A numeric registration, as the REP takes it; a badge with letters is left out.
    ...(/^\d{1,15}$/.test(u.cracha) ? { registration: Number(u.cracha) } : {}),
    [chaveRep(portaria)]: Number(u.identificador),
    admin: false,
  };
}

export const incluirUsuariosRep = (portaria: string | null, us: readonly UsuarioRep[]) =>
  comando('add_users', { users: us.map((u) => usuarioRep(portaria, u)) }, 'POST', modoRep(portaria));

export const alterarUsuariosRep = (portaria: string | null, us: readonly UsuarioRep[]) =>
  comando('update_users', { users: us.map((u) => usuarioRep(portaria, u)) }, 'POST', modoRep(portaria));

/** devices.md §1.6 gives `{"users":[{"pis":N}]}` (unverified on hardware); under 671 the N is the CPF. */
export const excluirUsuariosRep = (portaria: string | null, identificadores: readonly string[]) =>
  comando('remove_users', { users: identificadores.map((i) => ({ pis: Number(i) })) }, 'POST', modoRep(portaria));
