import { useState, type ReactNode } from 'react';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { MSG, PERM, centroCustoApi, type CentroCusto, type CnpjOpcao, type NivelCentroCusto } from '@jornada/contracts';
import { confirmAction } from '../../../components/ui/confirm';
import { FormField } from '../../../components/ui/form-field';
import { Page } from '../../../components/ui/page';
import { useHeldCodes } from '../../../shared/session';
import { toastWarn } from '../../../shared/toast';
import {
  excluirCentroCusto,
  listarCnpjsCentroCusto as listarCnpjs,
  listarDepartamentos,
  listarSecoes,
  listarSetores,
} from '../api/centros-custos-api';
import { LISTA_DO_NIVEL, SalvarCentroCustoDialog, type CentroCustoTarget } from './salvar-centro-custo-dialog';
import '../centros-custos.css';

const rotulo = (c: Pick<CentroCusto, 'codigo' | 'nome'>) => `${c.codigo} - ${c.nome}`;

/**
 * The messages of seed 000 §5 when a button needs a selection it does not have:
 * Novo needs the level above, Editar/Excluir the level itself ('Selecione uma
 * departamento' is the seed's own wording).
 */
const FALTA_PAI: Record<NivelCentroCusto, string> = {
  Departamento: MSG.selecioneEmpresa,
  Setor: MSG.selecioneDepartamento,
  Seção: MSG.selecioneSetor,
};
const FALTA_SELECAO: Record<NivelCentroCusto, string> = {
  Departamento: MSG.selecioneDepartamento,
  Setor: MSG.selecioneSetor,
  Seção: MSG.selecioneSecao,
};

/**
 * Centros de Custos (seed 000 §2.5, §5; codes 14, new 15, edit 16, delete 17):
 * the chain Empresa → Departamento → Setor → Seção. Choosing a level loads the
 * next and clears the ones below it; each level has Novo / Editar / Excluir;
 * after a change the level's list reloads. The server shows only what is in
 * the user's scope and checks every write again (decision 0020).
 */
export function CentrosCustosPage() {
  const held = useHeldCodes();
  const [idCnpj, setIdCnpj] = useState<number | null>(null);
  const [idDepartamento, setIdDepartamento] = useState<number | null>(null);
  const [idSetor, setIdSetor] = useState<number | null>(null);
  const [idSecao, setIdSecao] = useState<number | null>(null);
  const [dialog, setDialog] = useState<{ visible: boolean; target: CentroCustoTarget | null }>({
    visible: false,
    target: null,
  });

  const cnpjs = listarCnpjs.useQuery({});
  // With a single company there is nothing to choose.
  const cnpjUnico = cnpjs.data?.length === 1 ? cnpjs.data[0]!.id : null;
  const cnpj = idCnpj ?? cnpjUnico;
  const departamentos = listarDepartamentos.useQuery({ idCnpj: cnpj ?? 0 }, { enabled: cnpj !== null });
  const setores = listarSetores.useQuery({ idDepartamento: idDepartamento ?? 0 }, { enabled: idDepartamento !== null });
  const secoes = listarSecoes.useQuery({ idSetor: idSetor ?? 0 }, { enabled: idSetor !== null });
  // One delete per level, so only that level's list reloads (seed 000 §2.5).
  const excluir: Record<NivelCentroCusto, ReturnType<typeof excluirCentroCusto.useMutation>> = {
    Departamento: excluirCentroCusto.useMutation({ invalidates: [LISTA_DO_NIVEL.Departamento] }),
    Setor: excluirCentroCusto.useMutation({ invalidates: [LISTA_DO_NIVEL.Setor] }),
    Seção: excluirCentroCusto.useMutation({ invalidates: [LISTA_DO_NIVEL.Seção] }),
  };

  // A selection that left its list (deleted) is no selection.
  const found = (list: readonly CentroCusto[] | undefined, id: number | null) =>
    id === null ? undefined : list?.find((c) => c.id === id);
  const departamento = found(departamentos.data, idDepartamento);
  const setor = found(setores.data, idSetor);
  const secao = found(secoes.data, idSecao);

  const escolherCnpj = (id: number | null) => {
    setIdCnpj(id);
    setIdDepartamento(null);
    setIdSetor(null);
    setIdSecao(null);
  };
  const escolherDepartamento = (id: number | null) => {
    setIdDepartamento(id);
    setIdSetor(null);
    setIdSecao(null);
  };
  const escolherSetor = (id: number | null) => {
    setIdSetor(id);
    setIdSecao(null);
  };

  /** The parent a new cost centre of the level goes under, or null when it is missing. */
  const paiDe = (nivel: NivelCentroCusto): { idPai: number | null } | null => {
    if (cnpj === null) return null;
    if (nivel === 'Departamento') return { idPai: null };
    if (nivel === 'Setor') return departamento ? { idPai: departamento.id } : null;
    return setor ? { idPai: setor.id } : null;
  };

  const novo = (nivel: NivelCentroCusto) => {
    const pai = paiDe(nivel);
    if (!pai || cnpj === null) return toastWarn(FALTA_PAI[nivel]);
    setDialog({ visible: true, target: { nivel, row: null, idCnpj: cnpj, idPai: pai.idPai } });
  };
  const editar = (nivel: NivelCentroCusto, row: CentroCusto | undefined) => {
    if (!row) return toastWarn(FALTA_SELECAO[nivel]);
    setDialog({ visible: true, target: { nivel, row, idCnpj: row.idCnpj, idPai: row.centroCustoPaiId } });
  };
  const remover = (nivel: NivelCentroCusto, row: CentroCusto | undefined, limpar: () => void) => {
    if (!row) return toastWarn(FALTA_SELECAO[nivel]);
    confirmAction({
      message: `Excluir ${nivel.toLowerCase()} ${rotulo(row)}?`,
      header: `Excluir ${nivel}`,
      danger: true,
      onAccept: () => excluir[nivel].mutate({ centroCusto: { id: row.id } }, { onSuccess: limpar }),
    });
  };

  const botoes = (nivel: NivelCentroCusto, row: CentroCusto | undefined, limpar: () => void) => (
    <div className="cc-level-buttons" role="group" aria-label={`Ações de ${nivel}`}>
      {held.has(PERM.CENTROS_CUSTOS_NOVO) ? (
        <Button
          type="button"
          icon="pi pi-plus"
          label="Novo"
          outlined
          size="small"
          aria-label={centroCustoApi.novoNivel(nivel)}
          onClick={() => novo(nivel)}
        />
      ) : null}
      {held.has(PERM.CENTROS_CUSTOS_EDITAR) ? (
        <Button
          type="button"
          icon="pi pi-pencil"
          label="Editar"
          outlined
          size="small"
          severity="secondary"
          aria-label={`Editar ${nivel}`}
          onClick={() => editar(nivel, row)}
        />
      ) : null}
      {held.has(PERM.CENTROS_CUSTOS_EXCLUIR) ? (
        <Button
          type="button"
          icon="pi pi-trash"
          label="Excluir"
          outlined
          size="small"
          severity="danger"
          aria-label={`Excluir ${nivel}`}
          onClick={() => remover(nivel, row, limpar)}
        />
      ) : null}
    </div>
  );

  return (
    <Page title="Centros de Custos">
      <div className="cc-chain">
        <Nivel label="Empresa" id="cc-empresa">
          <Dropdown
            inputId="cc-empresa"
            value={cnpj}
            options={(cnpjs.data ?? []).map((c: CnpjOpcao) => ({ label: c.cnpjNome, value: c.id }))}
            onChange={(e) => escolherCnpj(typeof e.value === 'number' ? e.value : null)}
            placeholder={cnpjs.isPending ? 'Carregando…' : 'Selecione'}
            emptyMessage="Nenhuma empresa disponível"
            filter={(cnpjs.data?.length ?? 0) > 8}
            className="w-full"
          />
        </Nivel>
        <Nivel
          label="Departamento"
          id="cc-departamento"
          acoes={botoes('Departamento', departamento, () => escolherDepartamento(null))}
        >
          <Seletor
            id="cc-departamento"
            lista={cnpj === null ? [] : departamentos.data}
            value={departamento?.id ?? null}
            carregando={departamentos.isFetching}
            vazio={cnpj === null ? 'Selecione uma empresa' : 'Nenhum departamento cadastrado'}
            onChange={escolherDepartamento}
          />
        </Nivel>
        <Nivel label="Setor" id="cc-setor" acoes={botoes('Setor', setor, () => escolherSetor(null))}>
          <Seletor
            id="cc-setor"
            lista={departamento ? setores.data : []}
            value={setor?.id ?? null}
            carregando={setores.isFetching}
            vazio={departamento ? 'Nenhum setor cadastrado' : 'Selecione um departamento'}
            onChange={escolherSetor}
          />
        </Nivel>
        <Nivel label="Seção" id="cc-secao" acoes={botoes('Seção', secao, () => setIdSecao(null))}>
          <Seletor
            id="cc-secao"
            lista={setor ? secoes.data : []}
            value={secao?.id ?? null}
            carregando={secoes.isFetching}
            vazio={setor ? 'Nenhuma seção cadastrada' : 'Selecione um setor'}
            onChange={setIdSecao}
          />
        </Nivel>
      </div>
      <SalvarCentroCustoDialog
        visible={dialog.visible}
        target={dialog.target}
        onHide={() => setDialog((d) => ({ ...d, visible: false }))}
      />
    </Page>
  );
}

function Nivel({ label, id, acoes, children }: { label: string; id: string; acoes?: ReactNode; children: ReactNode }) {
  return (
    <>
      <FormField id={id} label={label}>
        {children}
      </FormField>
      {acoes ?? <span />}
    </>
  );
}

function Seletor({
  id,
  lista,
  value,
  carregando,
  vazio,
  onChange,
}: {
  id: string;
  lista: readonly CentroCusto[] | undefined;
  value: number | null;
  carregando: boolean;
  vazio: string;
  onChange: (id: number | null) => void;
}) {
  const options = (lista ?? []).map((c) => ({ label: rotulo(c), value: c.id }));
  return (
    <Dropdown
      inputId={id}
      value={value}
      options={options}
      onChange={(e) => onChange(typeof e.value === 'number' ? e.value : null)}
      placeholder={carregando ? 'Carregando…' : options.length === 0 ? vazio : 'Selecione'}
      emptyMessage={vazio}
      filter={options.length > 8}
      showClear={value !== null}
      className="w-full"
    />
  );
}
