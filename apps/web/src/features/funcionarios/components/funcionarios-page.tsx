import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { Dropdown } from 'primereact/dropdown';
import { Tag } from 'primereact/tag';
import { MSG, PERM, funcionarioApi, type FuncionarioLinha } from '@jornada/contracts';
import { CentroCustoDropdown } from '../../../components/centro-custo-dropdown';
import { CampoPesquisa } from '../../../components/campo-pesquisa';
import { FormField } from '../../../components/ui/form-field';
import { Page } from '../../../components/ui/page';
import { ListTable } from '../../../components/ui/list-table';
import { formatDate } from '../../../shared/format';
import { empresaInicial, useHeldCodes } from '../../../shared/session';
import { toastWarn } from '../../../shared/toast';
import { listarFuncionarios } from '../api/funcionarios-api';
import { comDescendentes, opcoesCentrosCustos } from '../../../shared/centros-custos';
import { lembrarLista, useFiltroLista } from '../lista-estado';
import { DataAtivacaoDialog } from './data-ativacao';
import { ExportarFuncionariosDialog } from './exportar-funcionarios-dialog';
import '../funcionarios.css';
import { listarCentrosCustosUsuario, listarCnpjs } from '../../../shared/lookups-api';

/** Seed 001 §2.5: the paginator's report. */
const RELATORIO_PAGINA = 'Página {currentPage} de {totalPages} de {totalRecords} registros';

/** A cost centre indented under its parent in the open list. */

/**
 * Funcionários (seed 001 §2.5; codes 24, new 25, edit and import 26): the
 * employees of one company, paged on the server, filtered by Ativo, a cost
 * centre (its children included) and the free text 'crachá/pis/cpf/nome'
 * (Enter searches). Filters and page live in the URL and are kept in the
 * session while an employee is open, so coming back shows the same page.
 */
export function FuncionariosPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const held = useHeldCodes();
  const { filtro, table, setEmpresa, setAtivo, setCentroCusto, setTexto } = useFiltroLista();
  const [texto, setTextoDigitado] = useState(filtro.texto);
  const [exportando, setExportando] = useState(false);
  const [ativacao, setAtivacao] = useState<FuncionarioLinha | null>(null);
  useEffect(() => setTextoDigitado(filtro.texto), [filtro.texto]);
  useEffect(() => lembrarLista(location.search), [location.search]);

  const cnpjs = listarCnpjs.useQuery({});
  // With a single company there is nothing to choose.
  const idCnpj = filtro.idCnpj ?? empresaInicial(cnpjs.data);
  const centros = listarCentrosCustosUsuario.useQuery({ idCnpj: idCnpj ?? 0 }, { enabled: idCnpj !== null });
  const opcoesCentros = useMemo(() => opcoesCentrosCustos(centros.data ?? []), [centros.data]);
  // A cost centre of another company (an old link) is no filter.
  const idCentroCusto = opcoesCentros.some((o) => o.value === filtro.idCentroCusto) ? filtro.idCentroCusto : null;
  const idsCentrosCustos = useMemo(
    () => (idCentroCusto === null ? [] : comDescendentes(centros.data ?? [], idCentroCusto)),
    [centros.data, idCentroCusto],
  );
  const crachaNome = funcionarioApi.normalizarCrachaNome(filtro.texto);

  const filtroApi = idCnpj === null ? null : { idCnpj, ativo: filtro.ativo, idsCentrosCustos, crachaNome };
  const lista = listarFuncionarios.useQuery(
    {
      idCnpj: idCnpj ?? 0,
      ativo: filtro.ativo,
      idsCentrosCustos,
      crachaNome,
      qtdLinhas: table.rows,
      numPagina: table.page - 1,
    },
    {
      // The cost centres must be known first: the filter sends the chosen one with its children.
      enabled: idCnpj !== null && (filtro.idCentroCusto === null || centros.data !== undefined),
      keepPrevious: true,
    },
  );

  const podeEditar = held.has(PERM.FUNCIONARIOS_EDITAR);
  const pesquisar = () => {
    if (idCnpj === null) return toastWarn(MSG.selecioneEmpresa);
    if (texto === filtro.texto) void lista.refetch();
    else setTexto(texto);
  };
  const editar = (f: FuncionarioLinha) =>
    void navigate(`/cadastros/funcionarios/${f.id}/editar?at=${String(filtro.ativo)}`);

  const vazio =
    idCnpj === null
      ? 'Selecione uma empresa para ver os funcionários.'
      : filtro.texto || idCentroCusto !== null
        ? 'Nenhum funcionário encontrado com estes filtros.'
        : 'Nenhum funcionário cadastrado nesta empresa.';

  return (
    <Page
      title="Funcionários"
      actions={
        <>
          {held.has(PERM.FUNCIONARIOS_NOVO) ? (
            <Button label="Novo" icon="pi pi-plus" onClick={() => navigate('/cadastros/funcionarios/novo')} />
          ) : null}
          <Button
            label="Exportar"
            icon="pi pi-download"
            outlined
            onClick={() => (idCnpj === null ? toastWarn(MSG.selecioneEmpresa) : setExportando(true))}
          />
          {podeEditar ? (
            <Button
              label="Importar"
              icon="pi pi-upload"
              outlined
              onClick={() => navigate('/cadastros/funcionarios/importar')}
            />
          ) : null}
        </>
      }
    >
      <div className="filtros-funcionarios">
        <FormField id="filtro-empresa" label="Empresa">
          <Dropdown
            inputId="filtro-empresa"
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
        <FormField id="filtro-centro-custo" label="Centro de custo">
          <CentroCustoDropdown
            inputId="filtro-centro-custo"
            value={idCentroCusto}
            options={opcoesCentros}
            onChange={setCentroCusto}
            placeholder="Todos"
            semEmpresa={idCnpj === null}
            className="w-full"
          />
        </FormField>
        <FormField id="filtro-texto" label="Pesquisar">
          <CampoPesquisa
            id="filtro-texto"
            value={texto}
            onChange={setTextoDigitado}
            onPesquisar={pesquisar}
            placeholder="crachá/pis/cpf/nome"
            maxLength={200}
            rotuloBotao="Buscar"
          />
        </FormField>
        <div className="form-checkbox filtro-ativo">
          <Checkbox inputId="filtro-ativo" checked={filtro.ativo} onChange={(e) => setAtivo(e.checked === true)} />
          <label htmlFor="filtro-ativo">Ativo</label>
        </div>
      </div>
      <ListTable<FuncionarioLinha>
        query={lista}
        table={table}
        value={idCnpj === null ? [] : (lista.data?.funcionarios ?? [])}
        dataKey="id"
        lazy={{ totalRecords: idCnpj === null ? 0 : (lista.data?.qdtFuncionarios ?? 0) }}
        loading={idCnpj !== null && lista.isFetching}
        emptyMessage={vazio}
        sortable={false}
        ariaLabel="Funcionários"
        pageReportTemplate={RELATORIO_PAGINA}
      >
        <Column
          field="cracha"
          header="Crachá"
          body={(f: FuncionarioLinha) => funcionarioApi.crachaExibicao(f.cracha)}
          bodyClassName="nowrap cracha"
        />
        <Column
          field="nome"
          header="Nome"
          body={(f: FuncionarioLinha) => (
            <>
              {f.nome}
              {f.aguardandoAtivacao ? (
                <Tag className="tag-ativacao" severity="warning" value={`Ativação em ${formatDate(f.dataAtivacao)}`} />
              ) : null}
            </>
          )}
          style={{ minWidth: '12rem' }}
        />
        <Column field="cargo" header="Cargo" />
        <Column field="centroCusto" header="Centro de custo" />
        <Column field="escala" header="Escala" />
        <Column
          field="dataCadastro"
          header="Cadastro"
          body={(f: FuncionarioLinha) => formatDate(f.dataCadastro)}
          bodyClassName="nowrap"
        />
        {podeEditar ? (
          <Column
            header="Ações"
            body={(f: FuncionarioLinha) => (
              <div className="row-actions">
                {f.aguardandoAtivacao ? (
                  <Button
                    icon="pi pi-calendar"
                    rounded
                    text
                    severity="secondary"
                    aria-label={`Editar Data para Ativação de ${f.nome}`}
                    tooltip="Editar Data para Ativação"
                    tooltipOptions={{ position: 'top' }}
                    onClick={() => setAtivacao(f)}
                  />
                ) : null}
                <Button
                  icon="pi pi-pencil"
                  rounded
                  text
                  severity="secondary"
                  aria-label={`Editar ${f.nome}`}
                  tooltip="Editar"
                  tooltipOptions={{ position: 'top' }}
                  onClick={() => editar(f)}
                />
              </div>
            )}
            style={{ width: '6.5rem' }}
            headerClassName="col-actions"
            bodyClassName="col-actions"
          />
        ) : null}
      </ListTable>
      <ExportarFuncionariosDialog visible={exportando} filtro={filtroApi} onHide={() => setExportando(false)} />
      <DataAtivacaoDialog funcionario={ativacao} onHide={() => setAtivacao(null)} />
    </Page>
  );
}
