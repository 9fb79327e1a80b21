import { MSG, PERM, cargoApi, type CargoForm } from '@jornada/contracts';
import { describeRegisterConformance } from '../../../test/register-conformance.js';

// The house rules for Cargos; cargos.routes.test.ts keeps only what is Cargos' own.
describeRegisterConformance<CargoForm>({
  name: 'Cargos',
  endpoints: {
    list: cargoApi.listarCargos,
    get: cargoApi.buscarCargo,
    save: cargoApi.salvarCargo,
    remove: cargoApi.excluirCargo,
  },
  saveBody: (cargo) => ({ cargo }),
  removeBody: (id) => ({ cargo: { id } }),
  getBody: (id) => ({ idCargo: id }),
  newForm: (n, codigo) =>
    codigo === undefined
      ? { nome: `Cargo de conformidade ${n}`, gerarCodogioEmSequencia: true }
      : { nome: `Cargo de conformidade ${n}`, codigo, gerarCodogioEmSequencia: false },
  editForm: (row, n) => ({ id: row.id, codigo: row.codigo!, nome: `Cargo editado ${n}` }),
  codes: { view: PERM.CARGOS_VER, create: PERM.CARGOS_NOVO, edit: PERM.CARGOS_EDITAR, remove: PERM.CARGOS_EXCLUIR },
  messages: {
    created: MSG.cargoSalvo,
    changed: MSG.cargoAlterado,
    removed: MSG.cargoExcluido,
    duplicateCode: MSG.cargoCodigoDuplicado,
  },
  entity: 'Cargo',
  coded: true,
});
