import { useState } from 'react';
import { Link } from 'react-router';
import { Button } from 'primereact/button';
import { ESPELHO_PONTO, MSG_RELATORIO, MSG_SOLICITACAO, solicitacaoDocumentoApi } from '@jornada/contracts';
import {
  FiltroFuncionarios,
  filtroFuncionariosVazio,
  type FiltroFuncionariosValue,
} from '../../../components/filtro-funcionarios';
import { useSolicitacaoRelatorio } from '../../../components/solicitacao';
import { MonthPicker } from '../../../components/ui/month-picker';
import { Page } from '../../../components/ui/page';
import type { InputOf } from '../../../shared/endpoint';
import { mesAtualNaEmpresa } from '../../../shared/format';
import { toastWarn } from '../../../shared/toast';
import { criarSolicitacaoDocumento } from '../api/relatorios-api';
import '../relatorios.css';

type Pedido = InputOf<typeof solicitacaoDocumentoApi.criarSolicitacaoDocumento>;

/**
 * What 'Gerar PDF' sends for the filter and the month ('yyyy-mm'), or the warning that stops it (seed 002 §5:
 * company, then employees). The selected ids always go, and `todos` is false (as the seed's Divergências PDF
 * sends it): with `todos` the server takes every employee of the company and cost centres instead of the ids,
 * but the filter's selection may come from a text search, a cost centre the body does not carry, or several
 * searches joined — only the ids say who was chosen, and the contract takes a whole search's answer.
 */
export function pedidoEspelhoPonto(filtro: FiltroFuncionariosValue, mes: string): { aviso: string } | Pedido {
  if (filtro.idCnpj === null) return { aviso: MSG_RELATORIO.selecioneEmpresa };
  if (filtro.funcionarios.length === 0) return { aviso: MSG_RELATORIO.selecioneFuncionarios };
  const [ano, m] = mes.split('-').map(Number);
  if (!ano || !m) return { aviso: MSG_RELATORIO.informeMes };
  return {
    servico: ESPELHO_PONTO.servico,
    nomeDocumento: ESPELHO_PONTO.nome,
    tipoDocumento: 'pdf',
    cnpj: filtro.idCnpj,
    ativo: filtro.ativo,
    idsFuncionarios: filtro.funcionarios.map((f) => f.id),
    todos: false,
    mesSelecionado: m,
    anoSelecionado: ano,
  };
}

/**
 * Espelho de Ponto (route 129; seed 002 §2 'Report screens', §4, §5): the
 * shared employee filter, the month (years current-10 to current+20, the
 * current month first) and 'Gerar PDF', which queues the report and monitors
 * it (components/solicitacao): the button waits meanwhile, the PDF opens in the
 * viewer when ready, and the history has the request either way.
 */
export function EspelhoPontoPage() {
  const [filtro, setFiltro] = useState<FiltroFuncionariosValue>(() => filtroFuncionariosVazio());
  const [mes, setMes] = useState(() => mesAtualNaEmpresa());
  const relatorio = useSolicitacaoRelatorio();
  const ano = new Date().getFullYear();

  const gerarPdf = () => {
    const pedido = pedidoEspelhoPonto(filtro, mes);
    if ('aviso' in pedido) return toastWarn(pedido.aviso);
    relatorio.gerar(() => criarSolicitacaoDocumento.fetch(pedido));
  };

  return (
    <Page
      title="Espelho de Ponto"
      actions={
        <Link to="/relatorios/historico" className="p-button p-button-text p-component">
          <i className="pi pi-history p-button-icon p-button-icon-left" aria-hidden="true" />
          <span className="p-button-label">{MSG_SOLICITACAO.historico}</span>
        </Link>
      }
    >
      <div className="form-grid">
        <FiltroFuncionarios id="espelho" value={filtro} onChange={setFiltro} />
        <div className="form-row">
          <MonthPicker
            id="espelho-mes"
            label="Mês/Ano"
            value={mes}
            onChange={setMes}
            years={{ from: ano - 10, to: ano + 20 }}
          />
        </div>
        <div className="relatorio-acoes">
          <Button
            type="button"
            label="Gerar PDF"
            icon="pi pi-file-pdf"
            disabled={relatorio.ocupado}
            onClick={gerarPdf}
          />
          {relatorio.status}
        </div>
      </div>
      {relatorio.dialogos}
    </Page>
  );
}
