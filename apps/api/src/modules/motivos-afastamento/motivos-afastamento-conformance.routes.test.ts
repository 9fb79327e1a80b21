import { PERM, motivoAfastamentoApi as api, type MotivoAfastamentoForm } from '@jornada/contracts';
import { describeRegisterConformance } from '../../../test/register-conformance.js';

const M = api.MOTIVO_MSG;

// The house rules for Motivos de Afastamento; its own rules are in motivos-afastamento.routes.test.ts.
describeRegisterConformance<MotivoAfastamentoForm>({
  name: 'MotivosAfastamento',
  endpoints: {
    list: api.listarMotivosAfastamento,
    get: api.buscarMotivoAfastamento,
    save: api.salvarMotivoAfastamento,
    remove: api.excluirMotivoAfastamento,
  },
  saveBody: (motivoAfastamento) => ({ motivoAfastamento }),
  removeBody: (id) => ({ motivoAfastamento: { id } }),
  getBody: (id) => ({ idMotivo: id }),
  newForm: (n) => ({ descricao: `Motivo ${n}`, definitivo: n % 2 === 0 }),
  editForm: (row, n) => ({ id: row.id, descricao: `Motivo editado ${n}` }),
  // Seed 000 §6: the Cargos numbers.
  codes: {
    view: PERM.MOTIVOS_AFASTAMENTO_VER,
    create: PERM.CARGOS_NOVO,
    edit: PERM.CARGOS_EDITAR,
    remove: PERM.CARGOS_EXCLUIR,
  },
  messages: { created: M.salvo, changed: M.alterado, removed: M.excluido },
  entity: 'Motivo de afastamento',
  coded: false,
});
