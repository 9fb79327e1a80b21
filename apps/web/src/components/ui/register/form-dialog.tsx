import { useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import { useForm, type DefaultValues, type FieldValues, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { Button } from 'primereact/button';
import { Dialog } from 'primereact/dialog';
import { confirmarDescarte } from '../confirm';
import { ListError } from '../list-table';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

export interface FormDialogProps<S extends FormSchema> {
  /** The contract's form schema: the same messages in the browser and on the server. */
  schema: S;
  visible: boolean;
  header: string;
  /**
   * Values the form opens with (a new record's defaults or the edited row). `undefined`: what the form edits
   * is still loading, and the dialog says so instead of showing a form that would be overwritten.
   */
  values: DefaultValues<z.input<S>> | undefined;
  /** The load of what the form edits failed: the dialog offers a retry instead of the form. */
  loadFailed?: { onRetry: () => void; retrying: boolean } | undefined;
  pending: boolean;
  onSubmit: (values: z.output<S>, form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => void;
  onHide: () => void;
  /** The fields; give the first one `autoFocus`. */
  children: (form: UseFormReturn<z.input<S>, unknown, z.output<S>>) => ReactNode;
  width?: string;
  /** The confirm button's text and icon (Salvar by default; e.g. 'Copiar'). */
  submitLabel?: string;
  submitIcon?: string;
  /** A second action beside Salvar (e.g. Excluir of the record being edited); it runs without validating the form. */
  extraAction?: { label: string; icon: string; onClick: () => void; danger?: boolean } | undefined;
}

/**
 * The create/edit dialog of a register: react-hook-form + zodResolver over a
 * contract schema, Cancelar/Salvar, stays open while saving and on error.
 *
 * Closing (Cancelar, the X, Esc) a form with changes asks first (issue 24 §3):
 * a stray Esc must not throw away what was typed.
 *
 * Focus: the first field takes it on mount (`autoFocus`), before anything can
 * be typed. PrimeReact's own focus (focusOnShow/onShow) runs after the opening
 * transition — a fast typist had already moved on, and the late focus pulled
 * the caret back, sending the next characters to the wrong field.
 */
export function FormDialog<S extends FormSchema>(props: FormDialogProps<S>) {
  // A fresh form per opening: the previous draft never leaks into the next one.
  const [opening, setOpening] = useState(0);
  const [wasVisible, setWasVisible] = useState(props.visible);
  if (props.visible !== wasVisible) {
    setWasVisible(props.visible);
    if (props.visible) setOpening((n) => n + 1);
  }
  // Whether the open form differs from what it opened with (DialogForm keeps it current).
  const alterado = useRef(false);
  const fechar = () => {
    if (props.pending) return;
    if (alterado.current) confirmarDescarte(props.onHide);
    else props.onHide();
  };
  return (
    <Dialog
      header={props.header}
      visible={props.visible}
      onHide={fechar}
      focusOnShow={false}
      modal
      draggable={false}
      resizable={false}
      closeOnEscape
      style={{ width: props.width ?? '32rem' }}
      breakpoints={{ '640px': '95vw' }}
      className="app-dialog"
    >
      {props.loadFailed ? (
        <ListError onRetry={props.loadFailed.onRetry} retrying={props.loadFailed.retrying} />
      ) : props.values === undefined ? (
        <p className="dialog-loading" role="status">
          <i className="pi pi-spin pi-spinner" aria-hidden="true" /> Carregando…
        </p>
      ) : (
        <DialogForm key={opening} {...props} values={props.values} onHide={fechar} alterado={alterado} />
      )}
    </Dialog>
  );
}

function DialogForm<S extends FormSchema>({
  schema,
  values,
  pending,
  onSubmit,
  onHide,
  children,
  submitLabel = 'Salvar',
  submitIcon = 'pi pi-check',
  extraAction,
  alterado,
}: FormDialogProps<S> & { values: DefaultValues<z.input<S>>; alterado: RefObject<boolean> }) {
  const form = useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema as never) as never,
    defaultValues: values,
  });
  const { isDirty } = form.formState;
  useEffect(() => {
    alterado.current = isDirty;
  }, [isDirty, alterado]);
  return (
    <form onSubmit={form.handleSubmit((v) => onSubmit(v, form))} noValidate className="form-grid">
      {children(form)}
      <div className="dialog-actions">
        <Button type="button" label="Cancelar" icon="pi pi-times" outlined onClick={onHide} disabled={pending} />
        {extraAction && (
          <Button
            type="button"
            label={extraAction.label}
            icon={extraAction.icon}
            severity={extraAction.danger ? 'danger' : undefined}
            outlined
            onClick={extraAction.onClick}
            disabled={pending}
          />
        )}
        <Button type="submit" label={submitLabel} icon={submitIcon} loading={pending} />
      </div>
    </form>
  );
}
