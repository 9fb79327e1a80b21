import { useEffect, useRef, useState } from 'react';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { WEBCAM } from '../foto';

/** The frame as a JPEG data URL, drawn on the seed's 320×240 canvas. */
function capturar(video: HTMLVideoElement): string {
  const canvas = document.createElement('canvas');
  canvas.width = WEBCAM.largura;
  canvas.height = WEBCAM.altura;
  canvas.getContext('2d')?.drawImage(video, 0, 0, WEBCAM.largura, WEBCAM.altura);
  return canvas.toDataURL('image/jpeg', WEBCAM.qualidade);
}

/**
 * Webcam capture (seed 001 §2.6, §5): the camera's picture and 'Capturar'.
 * A camera that is refused or missing closes the dialog without a message
 * (seed 001 §8 'Webcam denied: not shown to the user'). The camera is
 * released whenever the dialog closes.
 */
export function CapturarFotoDialog({
  visible,
  onCapture,
  onHide,
}: {
  visible: boolean;
  onCapture: (dataUrl: string) => void;
  onHide: () => void;
}) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const [stream, setStream] = useState<MediaStream | null>(null);

  useEffect(() => {
    if (!visible) return;
    let cancelled = false;
    let opened: MediaStream | null = null;
    const media = typeof navigator === 'undefined' ? undefined : navigator.mediaDevices;
    if (!media?.getUserMedia) {
      onHide();
      return;
    }
    media
      .getUserMedia({ video: { width: WEBCAM.largura, height: WEBCAM.altura }, audio: false })
      .then((s) => {
        if (cancelled) {
          s.getTracks().forEach((t) => t.stop());
          return;
        }
        opened = s;
        setStream(s);
      })
      .catch(() => {
        if (!cancelled) onHide();
      });
    return () => {
      cancelled = true;
      opened?.getTracks().forEach((t) => t.stop());
      setStream(null);
    };
  }, [visible, onHide]);

  useEffect(() => {
    const video = videoRef.current;
    if (!video || !stream) return;
    video.srcObject = stream;
    void video.play().catch(() => undefined);
  }, [stream]);

  return (
    <Dialog
      header="Capturar foto"
      visible={visible}
      onHide={onHide}
      modal
      draggable={false}
      resizable={false}
      style={{ width: '24rem' }}
      breakpoints={{ '640px': '95vw' }}
      className="app-dialog"
    >
      <div className="webcam-frame">
        <video
          ref={videoRef}
          width={WEBCAM.largura}
          height={WEBCAM.altura}
          muted
          playsInline
          aria-label="Imagem da câmera"
        />
        {stream ? null : <p className="muted-text">Aguardando a câmera…</p>}
      </div>
      <div className="dialog-actions">
        <Button type="button" label="Cancelar" icon="pi pi-times" outlined onClick={onHide} />
        <Button
          type="button"
          label="Capturar"
          icon="pi pi-camera"
          disabled={!stream}
          onClick={() => {
            if (!videoRef.current) return;
            onCapture(capturar(videoRef.current));
            onHide();
          }}
        />
      </div>
    </Dialog>
  );
}
