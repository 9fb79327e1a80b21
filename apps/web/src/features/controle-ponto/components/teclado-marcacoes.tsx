import { useEffect, useRef } from 'react';
import { Dialog } from 'primereact/dialog';
import type { controlePontoApi } from '@jornada/contracts';
import { ACOES_DO_DIA, type TipoAcao } from './acoes-dia';

type DiaPonto = controlePontoApi.DiaPonto;

/** The keys of Marcações (issue 23 §7), as the '?' dialog lists them. */
export const ATALHOS: readonly { teclas: string; o: string }[] = [
  { teclas: '↓ ou j', o: 'Próximo dia' },
  { teclas: '↑ ou k', o: 'Dia anterior' },
  { teclas: 'Alt + →', o: 'Próximo funcionário' },
  { teclas: 'Alt + ←', o: 'Funcionário anterior' },
  { teclas: 'p ou Enter', o: 'Por quê? do dia' },
  ...ACOES_DO_DIA.map((a) => ({ teclas: a.tecla, o: a.rotulo })),
  { teclas: 'Enter (num formulário)', o: 'Salvar' },
  { teclas: 'Esc', o: 'Fechar o diálogo' },
  { teclas: '?', o: 'Esta ajuda' },
];

/** A key typed into a field, or while a dialog or menu is open, is not a shortcut. */
function ocupado(e: KeyboardEvent): boolean {
  const alvo = e.target as HTMLElement | null;
  if (alvo && (alvo.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(alvo.tagName))) return true;
  return document.querySelector('.p-dialog-mask, .p-menu-overlay, .p-confirm-dialog') !== null;
}

/**
 * Keyboard treatment of Marcações (issue 23 §7): people who treat hundreds of
 * employees a month move between days and employees, open each day action
 * and save without the mouse. The current day is `dia` (its row is marked
 * and kept in view); `acao` is absent when the user may not treat the period.
 */
export function useTecladoMarcacoes(o: {
  pontos: readonly DiaPonto[];
  dia: string | null;
  setDia: (dia: string) => void;
  explicar: (dia: string) => void;
  acao?: ((tipo: TipoAcao, p: DiaPonto) => void) | undefined;
  andar: (passo: -1 | 1) => void;
  ajuda: () => void;
}): void {
  const atual = useRef(o);
  atual.current = o;
  useEffect(() => {
    const tecla = (e: KeyboardEvent) => {
      if (e.ctrlKey || e.metaKey || e.defaultPrevented || ocupado(e)) return;
      const x = atual.current;
      if (e.altKey) {
        if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
          e.preventDefault();
          x.andar(e.key === 'ArrowRight' ? 1 : -1);
        }
        return;
      }
      // Enter on a focused button or link is that control's own.
      if (e.key === 'Enter' && e.target !== document.body) return;
      if (e.key === '?') {
        e.preventDefault();
        x.ajuda();
        return;
      }
      if (x.pontos.length === 0) return;
      const i = Math.max(
        0,
        x.pontos.findIndex((p) => p.dia === x.dia),
      );
      const mover = (passo: number) => {
        const novo = x.dia === null ? 0 : Math.min(x.pontos.length - 1, Math.max(0, i + passo));
        x.setDia(x.pontos[novo]!.dia);
      };
      const p = x.pontos[i]!;
      if (e.key === 'ArrowDown' || e.key === 'j') mover(1);
      else if (e.key === 'ArrowUp' || e.key === 'k') mover(-1);
      else if ((e.key === 'p' || e.key === 'Enter') && x.dia !== null) x.explicar(p.dia);
      else {
        const a = ACOES_DO_DIA.find((c) => c.tecla === e.key);
        if (!a || !x.acao || x.dia === null) return;
        x.acao(a.tipo, p);
      }
      e.preventDefault();
    };
    window.addEventListener('keydown', tecla);
    return () => window.removeEventListener('keydown', tecla);
  }, []);
}

/** The '?' dialog: every key of the screen. */
export function AtalhosDialog({ visible, onHide }: { visible: boolean; onHide: () => void }) {
  return (
    <Dialog
      header="Atalhos do teclado"
      visible={visible}
      onHide={onHide}
      modal
      draggable={false}
      style={{ width: '28rem' }}
    >
      <table className="atalhos" aria-label="Atalhos do teclado">
        <tbody>
          {ATALHOS.map((a) => (
            <tr key={a.o}>
              <th scope="row">
                <kbd>{a.teclas}</kbd>
              </th>
              <td>{a.o}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  );
}
