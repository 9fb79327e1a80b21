import { useMemo, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Dropdown } from 'primereact/dropdown';
import { Message } from 'primereact/message';
import { Tree, type TreeExpandedKeysType } from 'primereact/tree';
import type { TreeNode } from 'primereact/treenode';
import { PERM, type MenuPerfil, type PerfilComPermissoes } from '@jornada/contracts';
import { confirmAction } from '../../../components/ui/confirm';
import { Page } from '../../../components/ui/page';
import { ListError } from '../../../components/ui/list-table';
import { useHasCode, usePodeChamar } from '../../../shared/session';
import { excluirPerfil, listarMenuPerfis, salvarPerfil } from '../api/perfis-permissoes-api';
import { todasMarcadas, marcarPermissao } from '../marcacao-permissoes';
import { DetalhesPerfilDialog } from './detalhes-perfil-dialog';
import { SalvarPerfilDialog } from './salvar-perfil-dialog';
import '../perfis-permissoes.css';

type Dados = Awaited<ReturnType<typeof listarMenuPerfis.fetch>>;

/** A profile on the screen: the server's, or a new one with a temporary negative id (seed 000 §3). */
interface PerfilTela extends PerfilComPermissoes {
  novo: boolean;
}

const flatten = (items: MenuPerfil[]): MenuPerfil[] => items.flatMap((i) => [i, ...flatten(i.menuFilhos)]);

const toNodes = (items: MenuPerfil[]): TreeNode[] =>
  items.map((i) => ({ key: i.id, label: i.nome, data: i, children: toNodes(i.menuFilhos) }));

/**
 * Perfis e Permissões (seed 000 §2.6, §4): the profile dropdown; Novo (8),
 * Detalhes (9), Excluir (10); the all-permissions checkbox; the searchable
 * menu tree in a 500 px panel; the chosen item's permissions (main one in
 * bold) with the ticking rules; Salvar. Saving reloads everything.
 */
export function PerfisPermissoesPage() {
  const query = listarMenuPerfis.useQuery({});
  // The profile to show after a reload (a new one is found by its name).
  const [escolha, setEscolha] = useState<{ id?: number; nome?: string } | null>(null);
  return (
    <Page title="Perfis e Permissões">
      {query.data ? (
        <PerfisEditor key={query.dataUpdatedAt} dados={query.data} escolha={escolha} onSaved={setEscolha} />
      ) : query.isError ? (
        <ListError onRetry={() => void query.refetch()} retrying={query.isFetching} />
      ) : (
        <p className="muted-text">Carregando…</p>
      )}
    </Page>
  );
}

function PerfisEditor({
  dados,
  escolha,
  onSaved,
}: {
  dados: Dados;
  escolha: { id?: number; nome?: string } | null;
  onSaved: (e: { id?: number; nome?: string }) => void;
}) {
  // The server's wall (issue 24 §11): a support session holds the codes but may not write profiles (decision 0064).
  const podeNovo = usePodeChamar(salvarPerfil.endpoint, PERM.PERFIS_NOVO);
  const podeEditar = usePodeChamar(salvarPerfil.endpoint, PERM.PERFIS_EDITAR);
  const podeExcluir = usePodeChamar(excluirPerfil.endpoint);
  // Detalhes only reads the profile's tree on screen: the seed's code for it (9), no call.
  const podeDetalhes = useHasCode(PERM.PERFIS_EDITAR);
  const [perfis, setPerfis] = useState<PerfilTela[]>(() => dados.perfis.map((p) => ({ ...p, novo: false })));
  const [marcadas, setMarcadas] = useState<Map<number, Set<number>>>(
    () => new Map(dados.perfis.map((p) => [p.id, new Set(p.permissoes)])),
  );
  const [perfilId, setPerfilId] = useState<number | null>(() => {
    const wanted = dados.perfis.find((p) => p.id === escolha?.id || p.nome === escolha?.nome);
    return (wanted ?? dados.perfis[0])?.id ?? null;
  });
  const [itemKey, setItemKey] = useState<string | null>(null);
  const [expanded, setExpanded] = useState<TreeExpandedKeysType>(() =>
    Object.fromEntries(flatten(dados.menus).map((m) => [m.id, true])),
  );
  const [novoVisivel, setNovoVisivel] = useState(false);
  const [detalhesVisivel, setDetalhesVisivel] = useState(false);
  const salvar = salvarPerfil.useMutation({ invalidates: [listarMenuPerfis.endpoint] });
  const excluir = excluirPerfil.useMutation({ invalidates: [listarMenuPerfis.endpoint] });

  const nodes = useMemo(() => toNodes(dados.menus), [dados.menus]);
  const items = useMemo(() => flatten(dados.menus), [dados.menus]);
  const allCodes = useMemo(() => items.flatMap((i) => i.permissoes.map((p) => p.id)), [items]);
  const perfil = perfis.find((p) => p.id === perfilId) ?? null;
  const ticked = (perfil && marcadas.get(perfil.id)) ?? new Set<number>();
  const item = items.find((i) => i.id === itemKey) ?? null;

  const canEdit = perfil !== null && !perfil.protegido && (perfil.novo ? podeNovo : podeEditar);
  const setTicked = (next: Set<number>) => {
    if (perfil) setMarcadas((m) => new Map(m).set(perfil.id, next));
  };

  const criar = (nome: string) => {
    const id = Math.min(0, ...perfis.map((p) => p.id)) - 1;
    setPerfis((ps) => [...ps, { id, nome, protegido: false, permissoes: [], novo: true }]);
    setMarcadas((m) => new Map(m).set(id, new Set()));
    setPerfilId(id);
    setNovoVisivel(false);
  };

  const gravar = () => {
    if (!perfil) return;
    const permissoes = [...ticked].sort((a, b) => a - b);
    // Read when the reloaded list arrives (the editor starts afresh on it): a new profile is found by name.
    onSaved(perfil.novo ? { nome: perfil.nome } : { id: perfil.id });
    salvar.mutate({ perfil: { id: perfil.novo ? null : perfil.id, nome: perfil.nome }, permissoes });
  };

  const perguntarExcluir = () => {
    if (!perfil) return;
    confirmAction({
      message: `Excluir perfil ${perfil.nome}?`,
      header: 'Excluir perfil',
      danger: true,
      onAccept: () => {
        if (perfil.novo) {
          // Never saved: it only exists on this screen.
          setPerfis((ps) => ps.filter((p) => p.id !== perfil.id));
          setPerfilId(perfis.find((p) => p.id !== perfil.id)?.id ?? null);
          return;
        }
        onSaved({});
        excluir.mutate({ perfil: { id: perfil.id, nome: perfil.nome } });
      },
    });
  };

  return (
    <div className="perfis-editor">
      <div className="perfis-toolbar">
        <div className="form-field perfis-select">
          <label htmlFor="perfil">Perfil</label>
          <Dropdown
            inputId="perfil"
            value={perfilId}
            options={perfis.map((p) => ({ label: p.novo ? `${p.nome} (não salvo)` : p.nome, value: p.id }))}
            onChange={(e) => setPerfilId(e.value as number)}
            placeholder="Selecione um perfil"
            filter
            className="w-full"
          />
        </div>
        <div className="page-actions">
          {podeNovo ? (
            <Button label="Novo" icon="pi pi-plus" onClick={() => setNovoVisivel(true)} type="button" />
          ) : null}
          {podeDetalhes ? (
            <Button
              label="Detalhes"
              icon="pi pi-list"
              outlined
              disabled={!perfil}
              onClick={() => setDetalhesVisivel(true)}
              type="button"
            />
          ) : null}
          {podeExcluir ? (
            <Button
              label="Excluir"
              icon="pi pi-trash"
              severity="danger"
              outlined
              disabled={!perfil || perfil.protegido}
              tooltip={perfil?.protegido ? 'O perfil Administrador não pode ser excluído.' : undefined}
              tooltipOptions={{ showOnDisabled: true, position: 'top' }}
              onClick={perguntarExcluir}
              type="button"
            />
          ) : null}
        </div>
      </div>

      {perfil?.protegido ? (
        <Message
          severity="info"
          className="w-full mb-3"
          text="O perfil Administrador mantém todas as permissões e não pode ser excluído."
        />
      ) : null}

      <div className="form-switch perfis-todas">
        <Checkbox
          inputId="todas-permissoes"
          checked={todasMarcadas(allCodes, ticked)}
          disabled={!canEdit}
          onChange={(e) => setTicked(e.checked ? new Set(allCodes) : new Set())}
        />
        <label htmlFor="todas-permissoes">Todas as permissões</label>
      </div>

      <div className="perfis-grid">
        <div className="perfis-tree" aria-label="Menu">
          <Tree
            value={nodes}
            selectionMode="single"
            selectionKeys={itemKey}
            onSelectionChange={(e) => setItemKey((e.value as string | null) ?? null)}
            expandedKeys={expanded}
            onToggle={(e) => setExpanded(e.value)}
            filter
            filterMode="lenient"
            filterPlaceholder="Pesquisar no menu"
            nodeTemplate={(node) => {
              const m = node.data as MenuPerfil;
              const n = m.permissoes.filter((p) => ticked.has(p.id)).length;
              return (
                <span className="perfis-node">
                  {m.nome}
                  {m.permissoes.length > 0 ? (
                    <span className="perfis-node-count" aria-label={`${n} de ${m.permissoes.length} marcadas`}>
                      {n}/{m.permissoes.length}
                    </span>
                  ) : null}
                </span>
              );
            }}
          />
        </div>
        <fieldset className="perfis-permissoes" disabled={!canEdit}>
          <legend>{item ? `Permissões de ${item.nome}` : 'Permissões'}</legend>
          {!item ? (
            <p className="muted-text">Escolha um item do menu para ver as suas permissões.</p>
          ) : item.permissoes.length === 0 ? (
            <p className="muted-text">Este item não tem permissões próprias: escolha um item abaixo dele.</p>
          ) : (
            item.permissoes.map((p) => (
              <div key={p.id} className="form-switch">
                <Checkbox
                  inputId={`permissao-${p.id}`}
                  checked={ticked.has(p.id)}
                  disabled={!canEdit}
                  onChange={(e) => setTicked(marcarPermissao(item, ticked, p.id, e.checked === true))}
                />
                <label htmlFor={`permissao-${p.id}`} className={p.principal ? 'permissao-principal' : undefined}>
                  {p.nome}
                </label>
              </div>
            ))
          )}
        </fieldset>
      </div>

      {podeNovo || podeEditar ? (
        <div className="dialog-actions">
          <Button
            label="Salvar"
            icon="pi pi-check"
            onClick={gravar}
            disabled={!canEdit}
            loading={salvar.isPending}
            type="button"
          />
        </div>
      ) : null}

      <SalvarPerfilDialog
        visible={novoVisivel}
        onHide={() => setNovoVisivel(false)}
        onCreate={criar}
        nomesUsados={perfis.map((p) => p.nome)}
      />
      <DetalhesPerfilDialog
        visible={detalhesVisivel}
        onHide={() => setDetalhesVisivel(false)}
        perfil={perfil?.nome ?? ''}
        menus={dados.menus}
        ticked={ticked}
      />
    </div>
  );
}
