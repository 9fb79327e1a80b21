import { useEffect, useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { InputText } from 'primereact/inputtext';
import {
  PESQUISA_FUNCIONARIOS_LIMITS,
  PESQUISA_FUNCIONARIOS_MSG as M,
  normalizarPesquisa,
  type FuncionarioResumo,
} from '@jornada/contracts';
import { FormField } from '../ui/form-field';
import { toastWarn } from '../../shared/toast';
import {
  buscarFuncionarios,
  buscarFuncionariosContrato,
  buscarFuncionariosContratoCrachaNome,
  buscarFuncionariosCrachaNome,
} from './filtro-funcionarios-api';
import { ListaFuncionarios } from './lista-funcionarios';
import { disponiveis, flagTodos, incluir, retirar, type FiltroFuncionariosValue } from './selecao';
import './filtro-funcionarios.css';
import { listarCentrosCustosUsuario, listarCnpjs, listarContratos } from '../../shared/lookups-api';
import { opcoesCentrosCustos } from '../../shared/centros-custos';

/** A search as sent: which call, and its body. */
interface Busca {
  idCnpj: number;
  idsCentrosCustos?: number[];
  ativo: boolean;
  idContrato?: number;
  crachaNome?: string;
}

/**
 * The shared employee filter (seed 002 §2, §5): Empresa, 'Ativo', Centro de
 * Custo (default 'Todos', filterable, clearable; a parent brings its children)
 * with its search button, the free-text box (crachá/pis/cpf/nome, Enter
 * searches; empty text clears the list), and the two-list picker
 * 'Funcionários Disponíveis' / 'Funcionários Selecionados' (300 px high).
 * With `porEscala` it is the employee-and-schedule filter: a schedule is
 * chosen too and only its current employees are found. The selection is the
 * plain `value`; the calculation, movement and report screens all use it.
 */
export function FiltroFuncionarios({
  id,
  value,
  onChange,
  porEscala = false,
  rotuloEscala = 'Escala',
  disabled = false,
}: {
  /** Prefix of the element ids (two filters on one screen stay apart). */
  id: string;
  value: FiltroFuncionariosValue;
  onChange: (value: FiltroFuncionariosValue) => void;
  /** The employee-and-schedule filter: adds the schedule dropdown. */
  porEscala?: boolean;
  rotuloEscala?: string;
  disabled?: boolean;
}) {
  const [idCentroCusto, setIdCentroCusto] = useState<number | null>(null);
  const [texto, setTexto] = useState('');
  const [busca, setBusca] = useState<Busca | null>(null);
  const [marcadosDisp, setMarcadosDisp] = useState<Set<number>>(() => new Set());
  const [marcadosSel, setMarcadosSel] = useState<Set<number>>(() => new Set());

  const empresas = listarCnpjs.useQuery({});
  const centros = listarCentrosCustosUsuario.useQuery(
    { idCnpj: value.idCnpj ?? 0 },
    { enabled: value.idCnpj !== null },
  );
  const contratos = listarContratos.useQuery({}, { enabled: porEscala });

  // One query per call; only the one of the current search runs. The answer is keyed by the search itself,
  // so a late answer to an older search can never fill the list.
  const semBusca = { idCnpj: 0 };
  const porTexto = busca?.crachaNome !== undefined;
  const qLista = buscarFuncionarios.useQuery(busca && !porEscala && !porTexto ? busca : semBusca, {
    enabled: busca !== null && !porEscala && !porTexto,
  });
  const qTexto = buscarFuncionariosCrachaNome.useQuery(
    busca && !porEscala && porTexto ? { ...busca, crachaNome: busca.crachaNome! } : { ...semBusca, crachaNome: '-' },
    { enabled: busca !== null && !porEscala && porTexto },
  );
  const qEscala = buscarFuncionariosContrato.useQuery(
    busca && porEscala && !porTexto ? { ...busca, idContrato: busca.idContrato! } : { ...semBusca, idContrato: 0 },
    { enabled: busca !== null && porEscala && !porTexto },
  );
  const qEscalaTexto = buscarFuncionariosContratoCrachaNome.useQuery(
    busca && porEscala && porTexto
      ? { ...busca, idContrato: busca.idContrato!, crachaNome: busca.crachaNome! }
      : { ...semBusca, idContrato: 0, crachaNome: '-' },
    { enabled: busca !== null && porEscala && porTexto },
  );
  const consulta = porEscala ? (porTexto ? qEscalaTexto : qEscala) : porTexto ? qTexto : qLista;
  const encontrados = useMemo<FuncionarioResumo[]>(
    () => (busca === null ? [] : (consulta.data ?? [])),
    [busca, consulta.data],
  );
  const livres = useMemo(() => disponiveis(encontrados, value.funcionarios), [encontrados, value.funcionarios]);
  const cortada = encontrados.length >= PESQUISA_FUNCIONARIOS_LIMITS.maxLinhas;

  // With a single company there is nothing to choose.
  const unica = empresas.data?.length === 1 ? empresas.data[0]!.id : null;
  useEffect(() => {
    if (value.idCnpj === null && unica !== null) onChange({ ...value, idCnpj: unica });
  }, [unica, value, onChange]);

  const limparPesquisa = () => {
    setBusca(null);
    setMarcadosDisp(new Set());
    setMarcadosSel(new Set());
  };

  /** The selection changed: the 'todos' flag follows what is left available (seed 002 §5). */
  const selecionar = (funcionarios: FuncionarioResumo[]) => {
    const restantes = disponiveis(encontrados, funcionarios).length;
    onChange({ ...value, funcionarios, todos: flagTodos(restantes === 0, busca !== null, funcionarios.length) });
  };

  const pesquisar = (origem: 'botao' | 'texto') => {
    if (value.idCnpj === null || (porEscala && value.idContrato === null)) {
      toastWarn(porEscala ? M.selecioneEmpresaEscalaAtual : M.selecioneEmpresa);
      return;
    }
    const crachaNome = normalizarPesquisa(texto);
    // Seed 002 §5: an empty text search clears the list.
    if (origem === 'texto' && crachaNome === '') {
      limparPesquisa();
      return;
    }
    const next: Busca = {
      idCnpj: value.idCnpj,
      ativo: value.ativo,
      ...(idCentroCusto !== null ? { idsCentrosCustos: [idCentroCusto] } : {}),
      ...(porEscala ? { idContrato: value.idContrato! } : {}),
      ...(crachaNome !== '' ? { crachaNome } : {}),
    };
    setMarcadosDisp(new Set());
    // The same search again asks the server again (someone may have added employees meanwhile).
    if (busca !== null && JSON.stringify(busca) === JSON.stringify(next)) void consulta.refetch();
    else setBusca(next);
  };

  const moverParaSelecionados = (ids: ReadonlySet<number>) => {
    selecionar(
      incluir(
        value.funcionarios,
        livres.filter((f) => ids.has(f.id)),
      ),
    );
    setMarcadosDisp(new Set());
  };
  const moverParaDisponiveis = (ids: ReadonlySet<number>) => {
    selecionar(retirar(value.funcionarios, ids));
    setMarcadosSel(new Set());
  };

  const opcoesCentros = useMemo(
    () => opcoesCentrosCustos(centros.data ?? [], (c) => `${c.codigo} - ${c.nome}`),
    [centros.data],
  );
  const nivelDe = useMemo(() => new Map(opcoesCentros.map((o) => [o.value, o.nivel])), [opcoesCentros]);

  return (
    <div className="filtro-func" id={id}>
      <div className="filtro-func-campos">
        <FormField id={`${id}-empresa`} label="Empresa">
          <Dropdown
            inputId={`${id}-empresa`}
            value={value.idCnpj}
            options={(empresas.data ?? []).map((c) => ({ label: c.cnpjNome, value: c.id }))}
            onChange={(e) => {
              const idCnpj = (e.value as number | undefined) ?? null;
              if (idCnpj === value.idCnpj) return;
              // Another company: its cost centres and employees are others.
              setIdCentroCusto(null);
              limparPesquisa();
              onChange({ ...value, idCnpj, funcionarios: [], todos: false });
            }}
            placeholder="Selecione"
            emptyMessage="Nenhuma empresa disponível"
            disabled={disabled}
            className="w-full"
          />
        </FormField>
        {porEscala ? (
          <FormField id={`${id}-escala`} label={rotuloEscala}>
            <Dropdown
              inputId={`${id}-escala`}
              value={value.idContrato}
              options={(contratos.data ?? []).map((c) => ({ label: c.nomeRef, value: c.id }))}
              onChange={(e) => {
                const idContrato = (e.value as number | undefined) ?? null;
                if (idContrato === value.idContrato) return;
                // Another schedule: the employees found and picked were those of the old one.
                limparPesquisa();
                onChange({ ...value, idContrato, funcionarios: [], todos: false });
              }}
              placeholder="Selecione"
              filter
              filterPlaceholder="Buscar"
              emptyMessage="Nenhuma escala cadastrada"
              emptyFilterMessage="Nenhum resultado encontrado"
              disabled={disabled}
              className="w-full"
            />
          </FormField>
        ) : null}
        <div className="filtro-func-ativo">
          <Checkbox
            inputId={`${id}-ativo`}
            checked={value.ativo}
            onChange={(e) => onChange({ ...value, ativo: e.checked === true })}
            disabled={disabled}
          />
          <label htmlFor={`${id}-ativo`}>Ativo</label>
        </div>
      </div>
      <div className="filtro-func-campos">
        <FormField id={`${id}-centro`} label="Centro de Custo">
          <div className="p-inputgroup">
            <Dropdown
              inputId={`${id}-centro`}
              value={idCentroCusto}
              options={opcoesCentros}
              itemTemplate={(o: { label: string; value: number }) => (
                <span style={{ paddingLeft: `${(nivelDe.get(o.value) ?? 0) * 1.25}rem` }}>{o.label}</span>
              )}
              onChange={(e) => setIdCentroCusto((e.value as number | undefined) ?? null)}
              placeholder="Todos"
              filter
              filterPlaceholder="Buscar"
              showClear
              emptyMessage={value.idCnpj === null ? M.selecioneEmpresa : 'Nenhum centro de custo'}
              emptyFilterMessage="Nenhum resultado encontrado"
              disabled={disabled}
            />
            <Button
              type="button"
              icon="pi pi-search"
              aria-label="Pesquisar funcionários"
              title="Pesquisar funcionários"
              loading={consulta.isFetching}
              disabled={disabled}
              onClick={() => pesquisar('botao')}
            />
          </div>
        </FormField>
        <FormField id={`${id}-texto`} label="Pesquisar">
          <InputText
            id={`${id}-texto`}
            type="search"
            value={texto}
            onChange={(e) => setTexto(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return;
              e.preventDefault();
              pesquisar('texto');
            }}
            placeholder="Crachá/PIS/CPF/Nome"
            maxLength={PESQUISA_FUNCIONARIOS_LIMITS.crachaNome}
            disabled={disabled}
            className="w-full"
          />
        </FormField>
      </div>
      {cortada ? (
        <small className="filtro-func-aviso" role="status">
          {M.listaCortada(PESQUISA_FUNCIONARIOS_LIMITS.maxLinhas)}
        </small>
      ) : null}
      <div className="filtro-func-picker">
        <ListaFuncionarios
          id={`${id}-disponiveis`}
          titulo="Funcionários Disponíveis"
          itens={livres}
          marcados={marcadosDisp}
          onMarcar={setMarcadosDisp}
          onMover={moverParaSelecionados}
          vazia={
            consulta.isFetching
              ? 'Pesquisando…'
              : busca === null
                ? 'Pesquise para listar os funcionários.'
                : encontrados.length === 0
                  ? 'Nenhum funcionário encontrado.'
                  : 'Todos os funcionários encontrados foram selecionados.'
          }
          disabled={disabled}
        />
        <div className="filtro-func-botoes">
          <Button
            type="button"
            icon="pi pi-angle-right"
            outlined
            aria-label="Selecionar os marcados"
            title="Selecionar os marcados"
            disabled={disabled || marcadosDisp.size === 0}
            onClick={() => moverParaSelecionados(marcadosDisp)}
          />
          <Button
            type="button"
            icon="pi pi-angle-double-right"
            outlined
            aria-label="Selecionar todos"
            title="Selecionar todos"
            disabled={disabled || livres.length === 0}
            onClick={() => moverParaSelecionados(new Set(livres.map((f) => f.id)))}
          />
          <Button
            type="button"
            icon="pi pi-angle-left"
            outlined
            aria-label="Retirar os marcados"
            title="Retirar os marcados"
            disabled={disabled || marcadosSel.size === 0}
            onClick={() => moverParaDisponiveis(marcadosSel)}
          />
          <Button
            type="button"
            icon="pi pi-angle-double-left"
            outlined
            aria-label="Retirar todos"
            title="Retirar todos"
            disabled={disabled || value.funcionarios.length === 0}
            onClick={() => moverParaDisponiveis(new Set(value.funcionarios.map((f) => f.id)))}
          />
        </div>
        <ListaFuncionarios
          id={`${id}-selecionados`}
          titulo="Funcionários Selecionados"
          itens={value.funcionarios}
          marcados={marcadosSel}
          onMarcar={setMarcadosSel}
          onMover={moverParaDisponiveis}
          vazia="Nenhum funcionário selecionado."
          disabled={disabled}
        />
      </div>
    </div>
  );
}
