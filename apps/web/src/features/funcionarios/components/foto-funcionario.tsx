import { useCallback, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { prepararFoto, type FotoIo } from '../foto';
import { CapturarFotoDialog } from './capturar-foto-dialog';

/**
 * The employee's photo (seed 001 §2.6, §5): the picture or the default
 * placeholder, 'Selecionar foto' (a JPG/JPEG file of at most 640×480, redrawn
 * 130 px wide), 'Webcam' and 'Remover foto'. A refused file says why below the
 * picture and leaves the current photo as it was.
 */
export function FotoFuncionario({
  src,
  nome,
  onChange,
  onRemove,
  disabled = false,
  pending = false,
  io,
}: {
  /** What to show (a data or blob URL); null = the placeholder. */
  src: string | null;
  /** Whose photo, for the picture's text. */
  nome: string;
  /** A new photo, as a JPEG data URL. */
  onChange: (dataUrl: string) => void;
  onRemove: () => void;
  disabled?: boolean;
  pending?: boolean;
  /** Tests pass their own picture reader (jsdom has no canvas). */
  io?: FotoIo;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [webcam, setWebcam] = useState(false);
  const fecharWebcam = useCallback(() => setWebcam(false), []);
  const bloqueado = disabled || pending;

  const escolher = async (file: File | undefined) => {
    if (!file) return;
    const r = await prepararFoto(file, io);
    if (r.ok) {
      setErro(null);
      onChange(r.dataUrl);
    } else setErro(r.mensagem);
  };

  return (
    <div className="foto-funcionario">
      <div className="foto-funcionario-quadro">
        {src ? (
          <img src={src} alt={nome ? `Foto de ${nome}` : 'Foto do funcionário'} />
        ) : (
          <div className="foto-funcionario-padrao" role="img" aria-label="Sem foto">
            <i className="pi pi-user" aria-hidden="true" />
          </div>
        )}
      </div>
      <input
        ref={input}
        type="file"
        accept=".jpg,.jpeg,image/jpeg"
        className="visually-hidden"
        aria-label="Arquivo da foto"
        tabIndex={-1}
        onChange={(e) => {
          const file = e.target.files?.[0];
          // The same file chosen again must fire again.
          e.target.value = '';
          void escolher(file);
        }}
      />
      <div className="foto-funcionario-botoes">
        <Button
          type="button"
          label="Selecionar foto"
          icon="pi pi-upload"
          size="small"
          outlined
          disabled={bloqueado}
          onClick={() => input.current?.click()}
        />
        <Button
          type="button"
          label="Webcam"
          icon="pi pi-camera"
          size="small"
          outlined
          disabled={bloqueado}
          onClick={() => setWebcam(true)}
        />
        {src ? (
          <Button
            type="button"
            label="Remover foto"
            icon="pi pi-trash"
            size="small"
            outlined
            severity="danger"
            disabled={bloqueado}
            onClick={() => {
              setErro(null);
              onRemove();
            }}
          />
        ) : null}
      </div>
      <small className="foto-funcionario-limites">JPG ou JPEG, até 640 x 480</small>
      {erro ? (
        <small className="p-error" role="alert">
          {erro}
        </small>
      ) : null}
      <CapturarFotoDialog
        visible={webcam}
        onHide={fecharWebcam}
        onCapture={(dataUrl) => {
          setErro(null);
          onChange(dataUrl);
        }}
      />
    </div>
  );
}
