import { provedorApi } from '@jornada/contracts';
import { endpointApi } from '../../../shared/endpoint';

export const alterarPlanoCliente = endpointApi(provedorApi.alterarPlanoCliente);
