import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from 'primereact/button';
import { Message } from 'primereact/message';
import { SplitButton } from 'primereact/splitbutton';
import { TabPanel, TabView } from 'primereact/tabview';
import { useQueryClient } from '@tanstack/react-query';
import { calendario, controlePontoApi, ESPELHO_PONTO, funcionarioApi, PERM } from '@jornada/contracts';
import { useSolicitacaoRelatorio } from '../../../components/solicitacao';
import { ListError } from '../../../components/ui/list-table';
import { MonthPicker } from '../../../components/ui/month-picker';
import { Page } from '../../../components/ui/page';
import { useFotoFuncionario } from '../../../shared/foto-funcionario';
import { formatDateTime } from '../../../shared/format';
import { useHeldCodes } from '../../../shared/session';
import { toastSuccess } from '../../../shared/toast';
import {
  abrirPeriodo,
  buscarMarcacoes,
  buscarResumoFuncionario,
  calcularMarcacoes,
  concluirFecharPeriodo,
  solicitarEspelhoPonto,
} from '../api/controle-ponto-api';
import { confirmAction } from '../../../components/ui/confirm';
import { marcacoesDaUrl, urlDaLista, urlMarcacoes } from '../lista-estado';
import { useVizinhos } from '../vizinhos';
import { DetalhesMarcacoes } from './detalhes-marcacoes';
import { useAcoesDia } from './acoes-dia';
import { AtalhosDialog, useTecladoMarcacoes } from './teclado-marcacoes';
import { ExplicacaoDiaDialog } from './explicacao-dia-dialog';
import { ResumoMarcacoes } from './resumo-marcacoes';
import '../controle-ponto.css';

type MarcacoesMes = controlePontoApi.MarcacoesMes;
const M = controlePontoApi.MARCACOES_MSG;

const ANO = new Date().getFullYear();
const ANOS = { from: ANO - 10, to: ANO + 20 };
export const CALCULADO = 'Cálculo do mês concluído.';

/**
 * Marcações (seed 002 §2 route 127, §3; decision 0071): one employee's month
 * as the calculation stored it. Header (photo, name, cost centre, badge,
 * month, Atualizar, Ações), the way back to the Controle list as it was left
 * and the previous/next employee of that list; tabs Detalhes and Resumo;
 * each day's "Por quê?". The URL names employee, company and month, so a
 * reload or a shared link shows the same month.
 */
export function MarcacoesPage() {
  const [params] = useSearchParams();
  const alvo = marcacoesDaUrl(params);
  if (!alvo)
    return (
      <Page title="Marcações">
        <div className="empty-state">
          <i className="pi pi-user empty-state-icon" aria-hidden="true" />
          <p>Escolha um funcionário no Controle do Ponto para ver as marcações.</p>
          <Link to={urlDaLista()}>Ir para o Controle do Ponto</Link>
        </div>
      </Page>
    );
  return <Marcacoes key={`${alvo.idFuncionario}-${alvo.idCnpj}`} {...alvo} />;
}

function Marcacoes({ idFuncionario, idCnpj, mes }: { idFuncionario: number; idCnpj: number; mes: string }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const held = useHeldCodes();
  const podeTratar = held.has(PERM.CONTROLE_PONTO_MARCACOES);
  const podeAbrir = held.has(PERM.CONTROLE_PONTO_ABRIR_PERIODO);
  const podeEspelho = held.has(PERM.RELATORIO_ESPELHO_PONTO);
  const [ano, m] = mes.split('-').map(Number) as [number, number];
  const input = { mes: m, ano, cnpj: idCnpj, funcionario: idFuncionario };
  const q = buscarMarcacoes.useQuery(input, { toast: false });
  // Each changes what the Controle list shows (counters, lock): its pages are read again on the way back.
  const lista = { invalidates: [controlePontoApi.listar] };
  const calcular = calcularMarcacoes.useMutation(lista);
  const fecharOuConcluir = concluirFecharPeriodo.useMutation(lista);
  const abrir = abrirPeriodo.useMutation(lista);
  const [aba, setAba] = useState(0);
  const [explicar, setExplicar] = useState<string | null>(null);
  const vizinhos = useVizinhos(idFuncionario);
  const acoesDia = useAcoesDia(input);
  const [diaAtual, setDiaAtual] = useState<string | null>(null);
  const [ajuda, setAjuda] = useState(false);
  const foto = useFotoFuncionario(idFuncionario, q.data?.funcionario.possuiFoto === true);
  const espelho = useSolicitacaoRelatorio();

  const irPara = (id: number, novoMes = mes) => void navigate(urlMarcacoes(id, novoMes, idCnpj), { replace: true });
  const andar = async (passo: -1 | 1) => {
    const id = await vizinhos.vizinho(passo);
    if (id !== null) irPara(id);
  };
  const recalcular = () =>
    calcular.mutate(
      { ...input, applicarCalculos: true },
      {
        onSuccess: (data: MarcacoesMes) => {
          qc.setQueryData(buscarMarcacoes.key(input), data);
          void qc.invalidateQueries({ queryKey: buscarResumoFuncionario.key(input) });
          toastSuccess(CALCULADO);
        },
      },
    );

  /**
   * After a period action (its mensagem is toasted by the query client): the month and its summary read
   * again, as the server left them.
   */
  const recarregar = () => {
    void q.refetch();
    void qc.invalidateQueries({ queryKey: buscarResumoFuncionario.key(input) });
  };
  const fecharPeriodo = (fechar: boolean) =>
    confirmAction({
      message: fechar ? M.confirmarFechar : M.confirmarConcluir,
      header: fechar ? 'Fechar período' : 'Concluir período',
      danger: fechar,
      onAccept: () => fecharOuConcluir.mutate({ ...input, fecharPeriodo: fechar }, { onSuccess: recarregar }),
    });

  const d = q.data;
  const fechado = d?.periodoFechamento.fechado ?? false;
  useTecladoMarcacoes({
    pontos: aba === 0 ? (d?.pontos ?? []) : [],
    dia: diaAtual,
    setDia: setDiaAtual,
    explicar: setExplicar,
    acao: podeTratar && !fechado ? acoesDia.abrir : undefined,
    andar: (passo) => void andar(passo),
    ajuda: () => setAjuda(true),
  });
  const idPeriodo = d?.periodoFechamento.id ?? null;
  const abrirFechado = () => {
    if (idPeriodo === null) return;
    confirmAction({
      message: M.confirmarAbrir,
      header: 'Abrir período',
      onAccept: () => abrir.mutate({ idPeriodoFechamento: idPeriodo }, { onSuccess: recarregar }),
    });
  };
  /** The month on screen, as the Espelho de Ponto screen asks it, marked as coming from here (seed 002 §7). */
  const gerarEspelho = () =>
    espelho.gerar(() =>
      solicitarEspelhoPonto.fetch({
        servico: ESPELHO_PONTO.servico,
        nomeDocumento: ESPELHO_PONTO.nome,
        tipoDocumento: 'pdf',
        cnpj: idCnpj,
        idsFuncionarios: [idFuncionario],
        todos: false,
        mesSelecionado: m,
        anoSelecionado: ano,
        origem: ESPELHO_PONTO.origemControlePonto,
      }),
    );
  // Seed 002 §2: open → Calcular, Fechar período (and Concluir); closed → Abrir período (the Administrador's, 175);
  // both → Espelho de ponto (129), which waits while its request is monitored.
  const espelhoItem = podeEspelho
    ? [{ label: 'Espelho de ponto', icon: 'pi pi-file-pdf', command: gerarEspelho, disabled: espelho.ocupado }]
    : [];
  const acoes = !d
    ? []
    : fechado
      ? [
          ...(podeAbrir && idPeriodo !== null
            ? [{ label: 'Abrir período', icon: 'pi pi-lock-open', command: abrirFechado }]
            : []),
          ...espelhoItem,
        ]
      : [
          ...(podeTratar
            ? [
                { label: 'Calcular', icon: 'pi pi-calculator', command: recalcular },
                { label: 'Fechar período', icon: 'pi pi-lock', command: () => fecharPeriodo(true) },
                { label: 'Concluir', icon: 'pi pi-check-square', command: () => fecharPeriodo(false) },
              ]
            : []),
          ...espelhoItem,
        ];
  const ocupado = calcular.isPending || fecharOuConcluir.isPending || abrir.isPending || acoesDia.ocupado;

  return (
    <Page
      title="Marcações"
      actions={
        <div className="marcacoes-navegacao">
          <Button
            icon="pi pi-question"
            text
            rounded
            aria-label="Atalhos do teclado"
            tooltip="Atalhos do teclado (?)"
            onClick={() => setAjuda(true)}
          />
          <Button
            label="Voltar"
            icon="pi pi-arrow-left"
            text
            onClick={() => void navigate(urlDaLista())}
            aria-label="Voltar ao Controle do Ponto"
          />
          {vizinhos.temLista ? (
            <>
              <Button
                icon="pi pi-chevron-left"
                outlined
                aria-label="Funcionário anterior"
                tooltip="Funcionário anterior"
                disabled={!vizinhos.temAnterior}
                onClick={() => void andar(-1)}
              />
              <Button
                icon="pi pi-chevron-right"
                outlined
                aria-label="Próximo funcionário"
                tooltip="Próximo funcionário"
                disabled={!vizinhos.temProximo}
                onClick={() => void andar(1)}
              />
            </>
          ) : null}
        </div>
      }
    >
      {q.isError ? (
        <ListError onRetry={() => void q.refetch()} retrying={q.isFetching} />
      ) : (
        <>
          <header className="marcacoes-cabecalho">
            <div className="marcacoes-foto">
              {foto ? (
                <img src={foto} alt={`Foto de ${d?.funcionario.nome ?? ''}`} />
              ) : (
                <i className="pi pi-user" aria-hidden="true" />
              )}
            </div>
            <div className="marcacoes-quem">
              <strong className="marcacoes-nome">{d?.funcionario.nome ?? 'Carregando…'}</strong>
              {d ? (
                <span>
                  Crachá {funcionarioApi.crachaExibicao(d.funcionario.cracha)}
                  {d.funcionario.centroCusto ? ` · ${d.funcionario.centroCusto}` : ''}
                </span>
              ) : null}
              {d ? (
                <span className="marcacoes-periodo">
                  Período {calendario.diaMesAno(d.periodoFechamento.dataInicio)} a{' '}
                  {calendario.diaMesAno(d.periodoFechamento.dataFinal)} ·{' '}
                  {fechado ? (
                    <span className="cp-fechado">
                      <i className="pi pi-lock" aria-hidden="true" /> Fechado
                    </span>
                  ) : (
                    <span>
                      <i className="pi pi-lock-open" aria-hidden="true" /> Aberto
                    </span>
                  )}
                  {d.calculadoEm ? ` · calculado em ${formatDateTime(d.calculadoEm)}` : ''}
                </span>
              ) : null}
            </div>
            <div className="marcacoes-controles">
              <MonthPicker
                id="marcacoes-mes"
                label="Mês/Ano"
                value={mes}
                onChange={(novo) => irPara(idFuncionario, novo)}
                years={ANOS}
              />
              <Button
                label="Atualizar"
                icon="pi pi-refresh"
                outlined
                loading={q.isFetching && !calcular.isPending}
                onClick={() => {
                  void q.refetch();
                  void qc.invalidateQueries({ queryKey: buscarResumoFuncionario.key(input) });
                }}
              />
              {acoes.length ? (
                <SplitButton
                  label="Ações"
                  icon="pi pi-cog"
                  model={acoes}
                  onClick={() => acoes[0]!.command()}
                  loading={ocupado}
                  // Espelho de ponto alone, while its request is monitored: nothing to click.
                  disabled={acoes.every((a) => 'disabled' in a && a.disabled)}
                  buttonProps={{ 'aria-label': `Ações: ${acoes[0]!.label}` }}
                  menuButtonProps={{ 'aria-label': 'Mais ações' }}
                />
              ) : null}
            </div>
          </header>
          {espelho.status ? <div className="marcacoes-espelho">{espelho.status}</div> : null}
          {d && d.calculadoEm === null ? (
            <div className="empty-state">
              <i className="pi pi-calculator empty-state-icon" aria-hidden="true" />
              <p>O mês ainda não foi calculado para este funcionário.</p>
              {podeTratar && !fechado ? (
                <Button label="Calcular" icon="pi pi-calculator" loading={calcular.isPending} onClick={recalcular} />
              ) : null}
            </div>
          ) : (
            <TabView activeIndex={aba} onTabChange={(e) => setAba(e.index)}>
              <TabPanel header="Detalhes">
                {d ? (
                  <DetalhesMarcacoes
                    pontos={d.pontos}
                    sumario={d.sumario}
                    onExplicar={setExplicar}
                    acoesDoDia={podeTratar && !fechado ? acoesDia.itens : undefined}
                    diaAtual={diaAtual}
                  />
                ) : (
                  <p className="marcacoes-carregando">Carregando…</p>
                )}
              </TabPanel>
              <TabPanel header="Resumo">{aba === 1 ? <ResumoMarcacoes input={input} /> : null}</TabPanel>
            </TabView>
          )}
          {fechado ? (
            <Message severity="info" text="Período fechado: as marcações não podem ser tratadas." className="w-full" />
          ) : null}
        </>
      )}
      {acoesDia.dialogos}
      {espelho.dialogos}
      <AtalhosDialog visible={ajuda} onHide={() => setAjuda(false)} />
      <ExplicacaoDiaDialog
        idCnpj={idCnpj}
        idFuncionario={idFuncionario}
        dia={explicar}
        onHide={() => setExplicar(null)}
      />
    </Page>
  );
}
