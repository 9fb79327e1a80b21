import { useMemo, useState } from 'react';
import { Dialog } from 'primereact/dialog';
import type { MenuPerfil } from '@jornada/contracts';
import { SearchInput } from '../../../components/ui/search-input';
import { normalizeForSearch } from '../../../shared/format';
import '../perfis-permissoes.css';

interface Linha {
  codigo: number;
  caminho: string;
  nome: string;
  principal: boolean;
}

function linhas(menus: MenuPerfil[], ticked: ReadonlySet<number>, path: string[] = []): Linha[] {
  return menus.flatMap((m) => {
    const caminho = [...path, m.nome];
    return [
      ...m.permissoes
        .filter((p) => ticked.has(p.id))
        .map((p) => ({ codigo: p.id, caminho: caminho.join(' › '), nome: p.nome, principal: p.principal })),
      ...linhas(m.menuFilhos, ticked, caminho),
    ];
  });
}

/** 'Detalhes do Perfil' (seed 000 §2.6): the profile's permissions (as ticked on screen), searchable. */
export function DetalhesPerfilDialog({
  visible,
  onHide,
  perfil,
  menus,
  ticked,
}: {
  visible: boolean;
  onHide: () => void;
  perfil: string;
  menus: MenuPerfil[];
  ticked: ReadonlySet<number>;
}) {
  const [filtro, setFiltro] = useState('');
  const todas = useMemo(() => linhas(menus, ticked), [menus, ticked]);
  const needle = normalizeForSearch(filtro);
  const visiveis = needle
    ? todas.filter((l) => normalizeForSearch(`${l.caminho} ${l.nome} ${l.codigo}`).includes(needle))
    : todas;
  return (
    <Dialog
      header="Detalhes do Perfil"
      visible={visible}
      onHide={onHide}
      modal
      draggable={false}
      resizable={false}
      style={{ width: '40rem' }}
      breakpoints={{ '640px': '95vw' }}
      className="app-dialog"
    >
      <p className="perfis-detalhes-nome">
        Perfil <strong>{perfil}</strong>: {todas.length} {todas.length === 1 ? 'permissão' : 'permissões'}
      </p>
      <SearchInput value={filtro} onChange={setFiltro} placeholder="Pesquisar permissão" label="Pesquisar permissão" />
      {visiveis.length === 0 ? (
        <p className="muted-text">
          {todas.length === 0 ? 'O perfil não tem permissões.' : 'Nenhuma permissão encontrada para a pesquisa.'}
        </p>
      ) : (
        <ul className="perfis-detalhes" aria-label="Permissões do perfil">
          {visiveis.map((l) => (
            <li key={l.codigo}>
              <span className="perfis-detalhes-caminho">{l.caminho}</span>
              <span className={l.principal ? 'permissao-principal' : undefined}>
                {l.nome} <span className="perfis-detalhes-codigo">({l.codigo})</span>
              </span>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
