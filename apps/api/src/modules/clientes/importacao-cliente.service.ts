import type { Deps } from '../../deps.js';
import type { AuthContext } from '../../shared/auth-context.js';
import { keypadPinCipher } from '../../shared/field-cipher.js';
import type { UploadedFile } from '../../shared/uploaded-file.js';
import {
  importacaoFuncionarios,
  type ProcessarInput,
  type SalvarInput,
} from '../funcionarios-importacao/funcionarios-importacao.service.js';
import { providerInTenant } from './provider-work.service.js';

/**
 * Update-Funcionarios (seed 000 §2.4, 99999; issue 10 §7; decision 0040): the
 * customers' employee import, run by the provider into a chosen customer.
 * The import module's use cases, in the customer's tenant; the stored import
 * belongs to no user of the customer (only the provider can finish it).
 */
export function importacaoClienteService(deps: Deps) {
  const emCliente = providerInTenant(deps);
  const noCliente = (idCliente: number) =>
    importacaoFuncionarios({ run: emCliente(idCliente), dono: () => null, pins: keypadPinCipher(deps.config) });
  return {
    listarCnpjsCliente: (auth: AuthContext, idCliente: number) => noCliente(idCliente).listarCnpjsCliente(auth),
    processar: (auth: AuthContext, b: ProcessarInput & { jsonRequisicao: { idCliente: number } }, file: UploadedFile) =>
      noCliente(b.jsonRequisicao.idCliente).processar(auth, b, file),
    salvar: (auth: AuthContext, b: SalvarInput & { idCliente: number }) => noCliente(b.idCliente).salvar(auth, b),
  };
}
