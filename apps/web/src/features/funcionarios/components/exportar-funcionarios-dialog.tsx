import { useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { RadioButton } from 'primereact/radiobutton';
import { funcionarioApi, type OpcaoExportar } from '@jornada/contracts';
import { downloadFile, usuarioRequisicao } from '../../../shared/http';
import { saveFile } from '../../../shared/save-file';
import { toastForError } from '../../../shared/toast';

export interface FiltroExportacao {
  idCnpj: number;
  ativo: boolean;
  idsCentrosCustos: number[];
  crachaNome: string;
}

/**
 * Exportar (seed 001 §2.5): 'Exportar do Filtro da Tela' (the list's filters)
 * or 'Exportar Todos' (the whole company). The CSV comes as a file; a refusal
 * travels in the response header and is shown as any other message.
 */
export function ExportarFuncionariosDialog({
  visible,
  filtro,
  onHide,
}: {
  visible: boolean;
  filtro: FiltroExportacao | null;
  onHide: () => void;
}) {
  const [baixando, setBaixando] = useState(false);
  return (
    <Dialog
      header="Exportar"
      visible={visible}
      onHide={() => {
        if (!baixando) onHide();
      }}
      modal
      draggable={false}
      resizable={false}
      style={{ width: '26rem' }}
      breakpoints={{ '640px': '95vw' }}
      className="app-dialog"
    >
      {/* Each opening starts from 'Exportar do Filtro da Tela'. */}
      {visible ? <Opcoes filtro={filtro} baixando={baixando} setBaixando={setBaixando} onHide={onHide} /> : null}
    </Dialog>
  );
}

function Opcoes({
  filtro,
  baixando,
  setBaixando,
  onHide,
}: {
  filtro: FiltroExportacao | null;
  baixando: boolean;
  setBaixando: (b: boolean) => void;
  onHide: () => void;
}) {
  const [opcao, setOpcao] = useState<OpcaoExportar>('FILTRO_TELA');

  const exportar = () => {
    if (!filtro) return;
    setBaixando(true);
    downloadFile(funcionarioApi.exportarCsvFuncionarios, {
      opcaoExportar: opcao,
      ...filtro,
      usuarioRequisicao: usuarioRequisicao(),
    })
      .then((file) => {
        saveFile(file, 'funcionarios.csv');
        onHide();
      })
      .catch(toastForError)
      .finally(() => setBaixando(false));
  };

  return (
    <>
      <div className="opcoes-exportar" role="radiogroup" aria-label="O que exportar">
        {funcionarioApi.OPCOES_EXPORTAR.map((o) => (
          <div key={o.opcao} className="opcao-exportar">
            <RadioButton
              inputId={`exportar-${o.opcao}`}
              name="opcaoExportar"
              value={o.opcao}
              checked={opcao === o.opcao}
              onChange={() => setOpcao(o.opcao)}
            />
            <label htmlFor={`exportar-${o.opcao}`}>{o.descricao}</label>
          </div>
        ))}
      </div>
      <div className="dialog-actions">
        <Button type="button" label="Cancelar" icon="pi pi-times" outlined onClick={onHide} disabled={baixando} />
        <Button type="button" label="Exportar" icon="pi pi-download" loading={baixando} onClick={exportar} />
      </div>
    </>
  );
}
