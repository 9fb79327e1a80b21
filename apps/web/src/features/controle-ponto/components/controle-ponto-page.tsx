import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { Dropdown } from 'primereact/dropdown';
import { CONTROLE_PONTO_MSG as M, PERM, funcionarioApi, type PeriodoControle } from '@jornada/contracts';
import { CentroCustoDropdown, useCentrosDoFiltro } from '../../../components/centro-custo-dropdown';
import { CampoPesquisa } from '../../../components/campo-pesquisa';
import { FormField } from '../../../components/ui/form-field';
import { ListTable } from '../../../components/ui/list-table';
import { MonthPicker } from '../../../components/ui/month-picker';
import { Page } from '../../../components/ui/page';
import { listarCnpjs } from '../../../shared/lookups-api';
import { empresaInicial, useHeldCodes, useSession } from '../../../shared/session';
import { toastWarn } from '../../../shared/toast';
import { listarControlePonto } from '../api/controle-ponto-api';
import { lembrarLista, urlMarcacoes, useFiltroControle } from '../lista-estado';
import { PontosDuplicadosDialog } from './pontos-duplicados-dialog';
import '../controle-ponto.css';

const RELATORIO_PAGINA = 'Página {currentPage} de {totalPages} de {totalRecords} registros';

/** Seed 002 §9: month pickers from ten years back to twenty ahead. */
const ANO = new Date().getFullYear();
const ANOS = { from: ANO - 10, to: ANO + 20 };

/** The six divergence counters of seed 002 §2, in the seed's order. */
const CONTADORES: { campo: keyof PeriodoControle & `qtd${string}`; titulo: string }[] = [
  { campo: 'qtdFaltas', titulo: 'Faltas' },
  { campo: 'qtdAtrasos', titulo: 'Atrasos' },
  { campo: 'qtdExcessoRefeicao', titulo: 'Excesso de refeição' },
  { campo: 'qtdSaidasAntecipadas', titulo: 'Saídas antecipadas' },
  { campo: 'qtdFaltaMarcacao', titulo: 'Falta de marcação' },
  { campo: 'qtdInterjornada', titulo: 'Interjornada' },
];

/** A counter's cell: the stored count, a dash for a month not calculated, a mark when above zero. */
function contador(p: PeriodoControle, campo: (typeof CONTADORES)[number]['campo']) {
  if (!p.calculado) return <span className="cp-sem-calculo">—</span>;
  const n = p[campo];
  return <span className={n > 0 ? 'cp-divergencia' : 'cp-zero'}>{n}</span>;
}

/**
 * Controle do Ponto, tab Controle (seed 002 §2 route 126, §3, §5; decision
 * 0070): month, company, cost centre with its search button, Ativo and the
 * free text; a server-paged table (10/15/20/30) with the padded badge, the name
 * with the pending-request icon, the six divergence counters the calculation
 * stored, the period's lock and the way to Marcações. Filters and page live
 * in the URL and are kept in the session when Marcações opens, so its way
 * back restores them; the menu opens the screen afresh.
 */
export function ControlePontoPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const held = useHeldCodes();
  // Decision 0076: the duplicate-punch analysis is a support session's.
  const suporte = useSession()?.suporte === true;
  const [duplicados, setDuplicados] = useState(false);
  const { filtro, table, setMes, setEmpresa, setAtivo, setCentroCusto, setTexto } = useFiltroControle();
  const [texto, setTextoDigitado] = useState(filtro.texto);
  useEffect(() => setTextoDigitado(filtro.texto), [filtro.texto]);

  const cnpjs = listarCnpjs.useQuery({});
  // With a single company there is nothing to choose.
  const idCnpj = filtro.idCnpj ?? empresaInicial(cnpjs.data);
  const { opcoes: opcoesCentros, idCentroCusto } = useCentrosDoFiltro(idCnpj, filtro.idCentroCusto);
  const crachaNome = funcionarioApi.normalizarCrachaNome(filtro.texto);
  // Seed 002 §5: the list comes from a cost-centre search or a badge/name search.
  const pesquisado = idCnpj !== null && (idCentroCusto !== null || crachaNome !== '');
  const [ano, mes] = filtro.mes.split('-').map(Number) as [number, number];

  const lista = listarControlePonto.useQuery(
    {
      mes,
      ano,
      cnpj: idCnpj ?? 0,
      ativo: filtro.ativo,
      idsCentrosCustos: idCentroCusto === null ? [] : [idCentroCusto],
      crachaNome,
      qtdLinhas: table.rows,
      numPagina: table.page - 1,
    },
    { enabled: pesquisado, keepPrevious: true },
  );

  const buscarCentroCusto = () => {
    if (idCnpj === null) return toastWarn(M.selecioneEmpresa);
    if (idCentroCusto === null) return toastWarn(M.selecioneCentroCusto);
    if (filtro.texto) setTexto('');
    else void lista.refetch();
  };
  const buscarTexto = () => {
    if (idCnpj === null) return toastWarn(M.selecioneEmpresa);
    if (funcionarioApi.normalizarCrachaNome(texto) === '') return toastWarn(M.informeCrachaNome);
    if (texto === filtro.texto) void lista.refetch();
    else setTexto(texto);
  };
  const podeMarcacoes = held.has(PERM.CONTROLE_PONTO_MARCACOES);
  const abrirMarcacoes = (p: PeriodoControle) => {
    // The list as shown: a company the screen opened on by itself (empresaInicial) is not in the URL yet.
    const busca = new URLSearchParams(location.search);
    if (idCnpj !== null) busca.set('empresa', String(idCnpj));
    lembrarLista(`?${busca}`);
    void navigate(urlMarcacoes(p.funcionario.id, filtro.mes, idCnpj ?? 0));
  };

  const vazio =
    idCnpj === null
      ? 'Selecione uma empresa.'
      : !pesquisado
        ? 'Escolha um centro de custo ou pesquise por crachá ou nome.'
        : 'Nenhum funcionário encontrado com estes filtros.';

  return (
    <Page
      title="Controle do Ponto"
      actions={
        suporte ? (
          <Button
            type="button"
            label="Pontos duplicados"
            icon="pi pi-clone"
            outlined
            onClick={() => (idCnpj === null ? toastWarn(M.selecioneEmpresa) : setDuplicados(true))}
          />
        ) : undefined
      }
    >
      <div className="filtros-controle-ponto">
        <MonthPicker id="controle-mes" label="Mês/Ano" value={filtro.mes} onChange={setMes} years={ANOS} />
        <FormField id="controle-empresa" label="Empresa">
          <Dropdown
            inputId="controle-empresa"
            value={idCnpj}
            options={(cnpjs.data ?? []).map((c) => ({ label: c.cnpjNome, value: c.id }))}
            onChange={(e) => setEmpresa(typeof e.value === 'number' ? e.value : null)}
            placeholder={cnpjs.isPending ? 'Carregando…' : 'Selecione uma empresa'}
            emptyMessage="Nenhuma empresa disponível"
            filter={(cnpjs.data?.length ?? 0) > 8}
            filterPlaceholder="Buscar"
            className="w-full"
          />
        </FormField>
        <FormField id="controle-centro-custo" label="Centro de custo">
          <div className="p-inputgroup">
            <CentroCustoDropdown
              inputId="controle-centro-custo"
              value={idCentroCusto}
              options={opcoesCentros}
              onChange={setCentroCusto}
              placeholder="Selecione"
              semEmpresa={idCnpj === null}
            />
            <Button
              type="button"
              icon="pi pi-search"
              aria-label="Buscar pelo centro de custo"
              onClick={buscarCentroCusto}
            />
          </div>
        </FormField>
        <FormField id="controle-texto" label="Pesquisar">
          <CampoPesquisa
            id="controle-texto"
            value={texto}
            onChange={setTextoDigitado}
            onPesquisar={buscarTexto}
            placeholder="crachá/nome"
            maxLength={200}
            rotuloBotao="Buscar por crachá ou nome"
          />
        </FormField>
        <div className="form-checkbox">
          <Checkbox inputId="controle-ativo" checked={filtro.ativo} onChange={(e) => setAtivo(e.checked === true)} />
          <label htmlFor="controle-ativo">Ativo</label>
        </div>
      </div>
      <div className="tabela-controle-ponto">
        <ListTable<PeriodoControle>
          query={lista}
          table={table}
          value={pesquisado ? (lista.data?.periodosControle ?? []) : []}
          // PrimeReact resolves a dotted key; the row's identity is its employee.
          dataKey={'funcionario.id' as keyof PeriodoControle & string}
          lazy={{ totalRecords: pesquisado ? (lista.data?.qdtFuncionarios ?? 0) : 0 }}
          loading={pesquisado && lista.isFetching}
          emptyMessage={vazio}
          sortable={false}
          ariaLabel="Controle do Ponto"
          pageReportTemplate={RELATORIO_PAGINA}
        >
          <Column
            header="Crachá"
            body={(p: PeriodoControle) => funcionarioApi.crachaExibicao(p.funcionario.cracha)}
            bodyClassName="nowrap cracha"
          />
          <Column
            header="Nome"
            body={(p: PeriodoControle) => (
              <>
                {p.funcionario.nome}
                {p.temPendencias ? (
                  <i
                    className="pi pi-exclamation-circle cp-pendencias"
                    role="img"
                    aria-label="Solicitações pendentes"
                    title="Solicitações pendentes"
                  />
                ) : null}
              </>
            )}
            style={{ minWidth: '12rem' }}
          />
          {CONTADORES.map((c) => (
            <Column
              key={c.campo}
              header={c.titulo}
              body={(p: PeriodoControle) => contador(p, c.campo)}
              headerClassName="cp-contador"
              bodyClassName="cp-contador"
            />
          ))}
          <Column
            header="Período"
            body={(p: PeriodoControle) =>
              p.fechado ? (
                <span className="cp-periodo cp-fechado">
                  <i className="pi pi-lock" aria-hidden="true" /> Fechado
                </span>
              ) : (
                <span className="cp-periodo">
                  <i className="pi pi-lock-open" aria-hidden="true" /> Aberto
                </span>
              )
            }
            bodyClassName="nowrap"
          />
          {podeMarcacoes ? (
            <Column
              header="Marcações"
              body={(p: PeriodoControle) => (
                <Button
                  icon="pi pi-clock"
                  rounded
                  text
                  severity="secondary"
                  aria-label={`Marcações de ${p.funcionario.nome}`}
                  tooltip="Marcações"
                  tooltipOptions={{ position: 'top' }}
                  onClick={() => abrirMarcacoes(p)}
                />
              )}
              style={{ width: '6rem' }}
              headerClassName="col-actions"
              bodyClassName="col-actions"
            />
          ) : null}
        </ListTable>
      </div>
      {suporte && idCnpj !== null ? (
        <PontosDuplicadosDialog
          visible={duplicados}
          onHide={() => setDuplicados(false)}
          filtro={{
            mes,
            ano,
            cnpj: idCnpj,
            ativo: filtro.ativo,
            idsCentrosCustos: idCentroCusto === null ? [] : [idCentroCusto],
            crachaNome,
          }}
        />
      ) : null}
    </Page>
  );
}
