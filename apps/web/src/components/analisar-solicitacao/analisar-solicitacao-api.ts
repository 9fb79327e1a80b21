import { solicitacaoApi, type OrigemSolicitacao } from '@jornada/contracts';
import { endpointApi, type EndpointApi } from '../../shared/endpoint';

type Chamadas<O extends OrigemSolicitacao> = (typeof solicitacaoApi.CHAMADAS_DA_ORIGEM)[O];

/** Each origin's item lookup and resolution (the contract's CHAMADAS_DA_ORIGEM), as typed fetchers and hooks. */
export const CHAMADAS: {
  [O in OrigemSolicitacao]: {
    buscar: EndpointApi<Chamadas<O>['buscar']>;
    resolver: EndpointApi<Chamadas<O>['resolver']>;
  };
} = {
  CTRL_JUSTIFICAR: {
    buscar: endpointApi(solicitacaoApi.CHAMADAS_DA_ORIGEM.CTRL_JUSTIFICAR.buscar),
    resolver: endpointApi(solicitacaoApi.CHAMADAS_DA_ORIGEM.CTRL_JUSTIFICAR.resolver),
  },
  CTRL_EDITAR_MARCACAO: {
    buscar: endpointApi(solicitacaoApi.CHAMADAS_DA_ORIGEM.CTRL_EDITAR_MARCACAO.buscar),
    resolver: endpointApi(solicitacaoApi.CHAMADAS_DA_ORIGEM.CTRL_EDITAR_MARCACAO.resolver),
  },
};
