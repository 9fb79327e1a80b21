import { PERM, justificativaApi, type JustificativaForm } from '@jornada/contracts';
import { describeRegisterConformance } from '../../../test/register-conformance.js';

const M = justificativaApi.JUSTIFICATIVA_MSG;

// The house rules for Justificativa; the register's own rules are in justificativas.routes.test.ts.
describeRegisterConformance<JustificativaForm>({
  name: 'Justificativas',
  endpoints: {
    list: justificativaApi.listarJustificativas,
    get: justificativaApi.buscarJustificativa,
    save: justificativaApi.salvarJustificativa,
    remove: justificativaApi.excluirJustificativa,
  },
  saveBody: (justificativa) => ({ justificativa }),
  removeBody: (id) => ({ justificativa: { id } }),
  getBody: (id) => ({ idJustificativa: id }),
  newForm: (n) => ({ descricao: `Justificativa ${n}`, inibirAcesso: false, tipo: 2 }),
  editForm: (row, n) => ({ id: row.id, descricao: `Justificativa editada ${n}`, inibirAcesso: true, tipo: 1 }),
  codes: {
    view: PERM.JUSTIFICATIVAS_VER,
    create: PERM.JUSTIFICATIVAS_NOVO,
    edit: PERM.JUSTIFICATIVAS_EDITAR,
    remove: PERM.JUSTIFICATIVAS_EXCLUIR,
  },
  messages: { created: M.salvo, changed: M.alterado, removed: M.excluido },
  entity: 'Justificativa',
  coded: false,
});
