import { useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Checkbox } from 'primereact/checkbox';
import { Column } from 'primereact/column';
import { Dialog } from 'primereact/dialog';
import { InputText } from 'primereact/inputtext';
import { Menu } from 'primereact/menu';
import { DISPOSITIVO_MSG as M, MSG, PAGINATOR, type Dispositivo, type PermissaoDispositivo } from '@jornada/contracts';
import { EmpresaDropdown, useEmpresaEscolhida } from '../../../components/empresa-escolhida';
import { confirmAction } from '../../../components/ui/confirm';
import { ListTable, useListTable } from '../../../components/ui/list-table';
import { formatDateTime } from '../../../shared/format';
import { toastError, toastForError, toastSuccess } from '../../../shared/toast';
import {
  atualizarPermissoes,
  excluirDispositivo,
  gerarCodigoAtivacao,
  gerarCodigoRecuperarSenha,
  listarDispositivos,
} from '../api/marcacao-online-api';

const data = (iso: string | null) => formatDateTime(iso) || '—';

/**
 * Tab Dispositivos (seed 001 §2.11): the company, the search (badge, PIS,
 * CPF or name; disabled until a company is chosen), Buscar, and the devices
 * page by page; each row's Ações asks before it acts: a new activation
 * code, a code to reset the app password (its message in a dialog), copy
 * the activation code, the permissions, delete.
 */
export function DispositivosTab() {
  const table = useListTable(PAGINATOR.dispositivos);
  const empresa = useEmpresaEscolhida();
  const { idCnpj } = empresa;
  const [texto, setTexto] = useState('');
  const [busca, setBusca] = useState('');
  const lista = listarDispositivos.useQuery(
    { idCnpj: idCnpj ?? 0, qtdLinhas: table.rows, numPagina: Math.floor(table.first / table.rows), crachaNome: busca },
    { enabled: idCnpj !== null },
  );
  const invalida = { invalidates: [listarDispositivos.endpoint], toast: false } as const;
  const ativacao = gerarCodigoAtivacao.useMutation(invalida);
  const senha = gerarCodigoRecuperarSenha.useMutation(invalida);
  const permissoes = atualizarPermissoes.useMutation({ invalidates: [listarDispositivos.endpoint] });
  const excluir = excluirDispositivo.useMutation({ invalidates: [listarDispositivos.endpoint] });
  const [aviso, setAviso] = useState<string | null>(null);
  const [editando, setEditando] = useState<{ d: Dispositivo; p: PermissaoDispositivo[] } | null>(null);
  const menu = useRef<Menu>(null);
  const [linha, setLinha] = useState<Dispositivo | null>(null);

  const perguntar = (message: string, onAccept: () => void) =>
    confirmAction({ header: 'Confirmação', message, onAccept });

  const acoes = (d: Dispositivo) => [
    {
      label: 'Gerar Código de Ativação',
      icon: 'pi pi-key',
      command: () =>
        perguntar(`Gerar um novo código de ativação para ${d.descricao}? O anterior deixa de valer.`, () =>
          ativacao.mutate(
            { idDispositivo: d.id, cnpj: { id: idCnpj } },
            { onSuccess: (r) => setAviso(r.mensagem), onError: toastForError },
          ),
        ),
    },
    {
      label: 'Gerar Código Redefinir Senha',
      icon: 'pi pi-lock',
      command: () =>
        perguntar(`Gerar um código para ${d.nomeFuncionario} redefinir a senha do app?`, () =>
          senha.mutate({ idDispositivo: d.id }, { onSuccess: (r) => setAviso(r.mensagem), onError: toastForError }),
        ),
    },
    {
      label: 'Copiar Código de Ativação',
      icon: 'pi pi-copy',
      command: () =>
        d.codigoAtivacao
          ? perguntar(
              `Copiar o código de ativação de ${d.descricao}?`,
              () =>
                void navigator.clipboard.writeText(d.codigoAtivacao!).then(
                  () => toastSuccess('Código copiado.'),
                  () => toastError('Não foi possível copiar o código.'),
                ),
            )
          : toastError(M.semCodigo),
    },
    {
      label: 'Permissões',
      icon: 'pi pi-check-square',
      command: () => setEditando({ d, p: d.permissoes.map((x) => ({ ...x })) }),
    },
    {
      label: 'Excluir',
      icon: 'pi pi-trash',
      command: () =>
        confirmAction({
          header: 'Excluir dispositivo',
          message: `Excluir o dispositivo ${d.descricao}?`,
          danger: true,
          onAccept: () => excluir.mutate({ idDispositivo: d.id }),
        }),
    },
  ];

  const buscar = () => {
    setBusca(texto.trim());
    table.setPage(0, table.rows);
  };

  return (
    <div className="form-grid">
      <div className="table-toolbar marcacao-online-toolbar">
        <EmpresaDropdown
          inputId="dispositivos-empresa"
          empresa={empresa}
          onChange={() => table.setPage(0, table.rows)}
        />
        <div className="form-field">
          <label htmlFor="dispositivos-busca">Pesquisar</label>
          <div className="p-inputgroup">
            <InputText
              id="dispositivos-busca"
              type="search"
              value={texto}
              placeholder="crachá/pis/cpf/nome"
              disabled={idCnpj === null}
              onChange={(e) => setTexto(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') buscar();
              }}
            />
            <Button type="button" label="Buscar" icon="pi pi-search" disabled={idCnpj === null} onClick={buscar} />
          </div>
        </div>
      </div>
      <ListTable<Dispositivo>
        query={lista}
        table={table}
        value={idCnpj === null ? [] : (lista.data?.dispositivos ?? [])}
        dataKey="id"
        lazy={{ totalRecords: idCnpj === null ? 0 : (lista.data?.quantidadeDispositivos ?? 0) }}
        loading={idCnpj !== null && lista.isFetching}
        emptyMessage={idCnpj === null ? MSG.selecioneEmpresa : 'Nenhum dispositivo encontrado.'}
        sortable={false}
        ariaLabel="Dispositivos"
      >
        <Column field="descricao" header="Descrição" />
        <Column field="tipo" header="Tipo" body={(d: Dispositivo) => (d.tipo === 'Mob' ? 'Celular' : 'Web')} />
        <Column header="Data Cadastro" body={(d: Dispositivo) => data(d.dataCadastro)} bodyClassName="nowrap" />
        <Column header="Data Atualização" body={(d: Dispositivo) => data(d.dataAtualizacao)} bodyClassName="nowrap" />
        <Column header="Data Ativação" body={(d: Dispositivo) => data(d.dataAtivacao)} bodyClassName="nowrap" />
        <Column
          header="Última Sincronia"
          body={(d: Dispositivo) => data(d.dataUltimaSincronia)}
          bodyClassName="nowrap"
        />
        <Column header="Ativo" body={(d: Dispositivo) => (d.ativo ? 'Sim' : 'Não')} />
        <Column field="nomeFuncionario" header="Funcionário" />
        <Column
          header="Ações"
          body={(d: Dispositivo) => (
            <Button
              icon="pi pi-ellipsis-v"
              rounded
              text
              aria-label={`Ações de ${d.descricao}`}
              onClick={(e) => {
                setLinha(d);
                menu.current?.toggle(e);
              }}
            />
          )}
        />
      </ListTable>
      <Menu model={linha ? acoes(linha) : []} popup ref={menu} id="dispositivo-acoes" />
      <Dialog
        header="Marcação Online"
        visible={aviso !== null}
        onHide={() => setAviso(null)}
        modal
        draggable={false}
        style={{ width: '30rem' }}
        breakpoints={{ '640px': '95vw' }}
        className="app-dialog"
        footer={<Button label="OK" icon="pi pi-check" onClick={() => setAviso(null)} autoFocus />}
      >
        <p className="marcacao-online-aviso">{aviso}</p>
      </Dialog>
      <Dialog
        header="Permissões"
        visible={editando !== null}
        onHide={() => setEditando(null)}
        modal
        draggable={false}
        style={{ width: '26rem' }}
        breakpoints={{ '640px': '95vw' }}
        className="app-dialog"
        footer={
          <div className="dialog-actions">
            <Button label="Cancelar" icon="pi pi-times" outlined onClick={() => setEditando(null)} />
            <Button
              label="Salvar"
              icon="pi pi-check"
              loading={permissoes.isPending}
              onClick={() =>
                editando &&
                permissoes.mutate(
                  { dispositivoRequest: { idDispositivo: editando.d.id, permissoes: editando.p } },
                  { onSuccess: () => setEditando(null) },
                )
              }
            />
          </div>
        }
      >
        {editando?.p.map((p, i) => (
          <div key={p.nome} className="form-checkbox">
            <Checkbox
              inputId={`dispositivo-perm-${p.nome}`}
              checked={p.selecionado}
              onChange={(e) =>
                setEditando((x) =>
                  x ? { ...x, p: x.p.map((q, j) => (j === i ? { ...q, selecionado: e.checked === true } : q)) } : x,
                )
              }
            />
            <label htmlFor={`dispositivo-perm-${p.nome}`}>{p.label}</label>
          </div>
        ))}
      </Dialog>
    </div>
  );
}
