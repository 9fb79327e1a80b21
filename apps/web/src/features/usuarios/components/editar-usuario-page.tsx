import { useMemo, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Button } from 'primereact/button';
import { Dropdown } from 'primereact/dropdown';
import { PickList, type PickListChangeEvent } from 'primereact/picklist';
import { Message } from 'primereact/message';
import { TabPanel, TabView } from 'primereact/tabview';
import {
  LIMITS,
  MSG,
  centroCustoLabel,
  usuarioApi,
  type CentroCustoResumo,
  type CnpjResumo,
  type DadosUsuarioForm,
} from '@jornada/contracts';
import { TextControl } from '../../../components/ui/form-controls';
import { formatCnpj } from '../../../components/ui/masks';
import { Page } from '../../../components/ui/page';
import { ListError } from '../../../components/ui/list-table';
import { SelectControl } from '../../../components/ui/select-control';
import { usePodeChamar } from '../../../shared/session';
import { alterarUsuario, buscarEditarUsuario, listarUsuarios } from '../api/usuarios-api';
import '../usuarios.css';

type Dados = Awaited<ReturnType<typeof buscarEditarUsuario.fetch>>;

/**
 * PrimeReact's PickList labels its move buttons from a bundled English copy
 * of the locale (not the pt-BR one the app registers): named here instead.
 */
const label = (text: string) => ({ root: { 'aria-label': text, title: text } });
const PICKLIST_PT = {
  moveToTargetButton: label('Mover para a direita'),
  moveAllToTargetButton: label('Mover todos para a direita'),
  moveToSourceButton: label('Mover para a esquerda'),
  moveAllToSourceButton: label('Mover todos para a esquerda'),
};

const cnpjLabel = (c: CnpjResumo) => `${c.razaoSocial} - ${formatCnpj(c.numero)}`;

/** The ids added to and taken from a set, as the save sends them. */
export function diffIds(before: readonly number[], after: readonly number[]) {
  return {
    incluir: after.filter((x) => !before.includes(x)),
    excluir: before.filter((x) => !after.includes(x)),
  };
}

/**
 * Editar Usuário (seed 000 §2.6): tabs Dados, Empresas and Centros de Custos,
 * Cancelar (back to the list) and Salvar. The pick lists hold the assignment
 * being edited; the save sends only what changed. A company taken away takes
 * its cost centres with it (the server does the same).
 */
export function EditarUsuarioPage() {
  const { id } = useParams();
  const idUsuario = Number(id);
  const valid = Number.isInteger(idUsuario) && idUsuario > 0;
  const query = buscarEditarUsuario.useQuery({ idUsuario }, { enabled: valid });
  const navigate = useNavigate();
  const close = () => void navigate('/sistema/usuarios');
  // Kept here: after a save the form reloads with the saved data, on the tab the user was on.
  const [tab, setTab] = useState(0);

  let content;
  if (!valid) content = <p role="alert">Usuário não encontrado.</p>;
  else if (query.data)
    content = (
      <EditarUsuarioForm key={query.dataUpdatedAt} dados={query.data} onClose={close} tab={tab} onTab={setTab} />
    );
  else if (query.isError) content = <ListError onRetry={() => void query.refetch()} retrying={query.isFetching} />;
  else content = <p className="muted-text">Carregando…</p>;

  return <Page title="Editar Usuário">{content}</Page>;
}

function EditarUsuarioForm({
  dados,
  onClose,
  tab,
  onTab: setTab,
}: {
  dados: Dados;
  onClose: () => void;
  tab: number;
  onTab: (index: number) => void;
}) {
  const form = useForm<DadosUsuarioForm, unknown, DadosUsuarioForm>({
    resolver: zodResolver(usuarioApi.dadosUsuarioForm) as never,
    defaultValues: { nome: dados.usuario.nome, email: dados.usuario.email, idPerfil: dados.perfil.id },
  });
  const [cnpjsUsuario, setCnpjsUsuario] = useState<CnpjResumo[]>(dados.cnpjsUsuario);
  const [centrosUsuario, setCentrosUsuario] = useState<CentroCustoResumo[]>(dados.centrosCustosUsuario);
  const [empresa, setEmpresa] = useState<number | null>(dados.cnpjsUsuario[0]?.id ?? null);
  const alterar = alterarUsuario.useMutation({ invalidates: [listarUsuarios.endpoint, buscarEditarUsuario.endpoint] });
  // A support session reads the user but may not alter it (decision 0064): the form is read, not saved.
  const podeSalvar = usePodeChamar(alterarUsuario.endpoint);

  const assigned = new Set(cnpjsUsuario.map((c) => c.id));
  const cnpjsDisponiveis = dados.cnpjs.filter((c) => !assigned.has(c.id));
  const empresaAtual = empresa !== null && assigned.has(empresa) ? empresa : (cnpjsUsuario[0]?.id ?? null);

  const onCnpjs = (e: PickListChangeEvent) => {
    const target = e.target as CnpjResumo[];
    const kept = new Set(target.map((c) => c.id));
    setCnpjsUsuario(target);
    // Cost centres belong to a company of the user: those of a company taken away go too.
    setCentrosUsuario((cs) => cs.filter((c) => kept.has(c.idCnpj)));
  };

  const submit = form.handleSubmit(
    (v) => {
      const cnpjs = diffIds(
        dados.cnpjsUsuario.map((c) => c.id),
        cnpjsUsuario.map((c) => c.id),
      );
      const centros = diffIds(
        dados.centrosCustosUsuario.map((c) => c.id),
        centrosUsuario.map((c) => c.id),
      );
      alterar.mutate({
        usuario: { id: dados.usuario.id, nome: v.nome, email: v.email },
        perfil: { id: v.idPerfil },
        idsCnpjs: cnpjs.incluir,
        idsCnpjsExcluir: cnpjs.excluir,
        idsCentrosCustos: centros.incluir,
        idsCentrosCustosExcluir: centros.excluir,
      });
    },
    // The name and e-mail are on the first tab: show them where the message is.
    () => setTab(0),
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <TabView activeIndex={tab} onTabChange={(e) => setTab(e.index)} className="edit-tabs">
        <TabPanel header="Dados">
          <div className="form-grid form-narrow">
            <TextControl control={form.control} name="nome" id="usuario-nome" label="Nome" maxLength={LIMITS.nome} />
            <TextControl
              control={form.control}
              name="email"
              id="usuario-email"
              label="E-mail"
              type="email"
              maxLength={LIMITS.email}
            />
            <SelectControl
              control={form.control}
              name="idPerfil"
              id="usuario-perfil"
              label="Perfil"
              options={dados.perfis.map((p) => ({ label: p.nome, value: p.id }))}
            />
          </div>
        </TabPanel>
        <TabPanel header="Empresas">
          <p className="muted-text">As empresas (CNPJs) cujos dados o usuário pode ver.</p>
          {cnpjsUsuario.length === 0 ? (
            <Message severity="warn" text={MSG.usuarioSemEmpresasAtribuidas} className="usuario-sem-empresas" />
          ) : null}
          <PickList
            dataKey="id"
            source={cnpjsDisponiveis}
            target={cnpjsUsuario}
            onChange={onCnpjs}
            itemTemplate={(c: CnpjResumo) => <span>{cnpjLabel(c)}</span>}
            sourceHeader="Disponíveis"
            targetHeader="Atribuídas"
            filter
            filterBy="razaoSocial,numero"
            sourceFilterPlaceholder="Filtrar"
            targetFilterPlaceholder="Filtrar"
            showSourceControls={false}
            showTargetControls={false}
            breakpoint="960px"
            className="app-picklist"
            pt={PICKLIST_PT}
          />
        </TabPanel>
        <TabPanel header="Centros de Custos">
          <CentrosCustosTab
            empresas={cnpjsUsuario}
            empresa={empresaAtual}
            onEmpresa={setEmpresa}
            todos={dados.centrosCustos}
            atribuidos={centrosUsuario}
            onChange={setCentrosUsuario}
          />
        </TabPanel>
      </TabView>
      <div className="dialog-actions">
        <Button
          type="button"
          label="Cancelar"
          icon="pi pi-times"
          outlined
          onClick={onClose}
          disabled={alterar.isPending}
        />
        {podeSalvar ? <Button type="submit" label="Salvar" icon="pi pi-check" loading={alterar.isPending} /> : null}
      </div>
    </form>
  );
}

function CentrosCustosTab({
  empresas,
  empresa,
  onEmpresa,
  todos,
  atribuidos,
  onChange,
}: {
  empresas: CnpjResumo[];
  empresa: number | null;
  onEmpresa: (id: number) => void;
  todos: CentroCustoResumo[];
  atribuidos: CentroCustoResumo[];
  onChange: (next: CentroCustoResumo[]) => void;
}) {
  const { source, target, total } = useMemo(() => {
    const mine = new Set(atribuidos.map((c) => c.id));
    const daEmpresa = todos.filter((c) => c.idCnpj === empresa);
    return {
      source: daEmpresa.filter((c) => !mine.has(c.id)),
      target: daEmpresa.filter((c) => mine.has(c.id)),
      total: daEmpresa.length,
    };
  }, [todos, atribuidos, empresa]);

  if (empresas.length === 0) {
    return (
      <p className="muted-text">Atribua ao usuário uma empresa, na aba Empresas, para escolher os centros de custos.</p>
    );
  }
  return (
    <div className="form-grid">
      <div className="form-field form-wide">
        <label htmlFor="centros-empresa">Empresa</label>
        <Dropdown
          inputId="centros-empresa"
          value={empresa}
          options={empresas.map((c) => ({ label: cnpjLabel(c), value: c.id }))}
          onChange={(e) => onEmpresa(e.value as number)}
          className="w-full"
        />
      </div>
      <p className="muted-text">
        {total === 0
          ? 'Esta empresa não tem centros de custos cadastrados.'
          : 'Sem centros de custos atribuídos numa empresa, o usuário vê todos os dessa empresa.'}
      </p>
      <PickList
        dataKey="id"
        source={source}
        target={target}
        onChange={(e) => {
          const others = atribuidos.filter((c) => c.idCnpj !== empresa);
          onChange([...others, ...(e.target as CentroCustoResumo[])]);
        }}
        itemTemplate={(c: CentroCustoResumo) => <span>{centroCustoLabel(c)}</span>}
        sourceHeader="Disponíveis"
        targetHeader="Atribuídos"
        filter
        filterBy="codigo,nome"
        sourceFilterPlaceholder="Filtrar"
        targetFilterPlaceholder="Filtrar"
        showSourceControls={false}
        showTargetControls={false}
        breakpoint="960px"
        className="app-picklist"
        pt={PICKLIST_PT}
      />
    </div>
  );
}
