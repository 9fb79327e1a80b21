import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { ListQuery } from './list-table';
import { FormDialog } from './register/form-dialog';

type FormSchema = z.ZodType<FieldValues, FieldValues>;

/** The part of a TanStack mutation a day action needs (so the kit's tests can drive it without a server). */
export interface DayActionSave<I, R> {
  mutate: (input: I, options: { onSuccess: (result: R) => void }) => void;
  isPending: boolean;
}

export interface DayActionDialogProps<S extends FormSchema, L, I, R> {
  header: string;
  visible: boolean;
  onHide: () => void;
  /** The contract's form schema: the seed's messages in the browser and on the server. */
  schema: S;
  /**
   * What the action edits, read when the dialog opens (the day's punches, the lists to justify with). Omit
   * when the day on screen is all the form needs.
   */
  load?: ListQuery<L>;
  /** The form's opening values, from what was loaded. */
  values: (loaded: L | undefined) => DefaultValues<z.input<S>>;
  /** The call that changes the day and answers it recalculated in the same request. */
  save: DayActionSave<I, R>;
  /** The call's body from the form (the employee and the day come from the screen, not from the form). */
  toInput: (values: z.output<S>, loaded: L | undefined) => I;
  /**
   * Puts the answer on screen: the recalculated day and what it changed (the week's DSR, the next day's
   * interjornada, the bank onward), without asking the server again.
   */
  onSaved: (result: R) => void;
  children: (form: UseFormReturn<z.input<S>, unknown, z.output<S>>, loaded: L | undefined) => ReactNode;
  width?: string;
  submitLabel?: string;
  submitIcon?: string;
  /** A second call of the same dialog (Excluir of what was loaded), answered like `save`. */
  extraAction?: { label: string; icon: string; danger?: boolean; run: (onSuccess: (result: R) => void) => void };
}

/**
 * The shape every day action of the time sheet shares (issue 21 §7): load what it edits, edit, validate
 * with the contract's schema, save, and show the recalculated days the answer brings. A refusal (400 with
 * `mensagem`) is toasted by the query client and the dialog stays open with the user's input; success closes
 * it after the screen has the new numbers.
 */
export function DayActionDialog<S extends FormSchema, L, I, R>(props: DayActionDialogProps<S, L, I, R>) {
  const { load, save } = props;
  const loaded = load?.data;
  const failed = load !== undefined && load.isError && loaded === undefined;
  const waiting = load !== undefined && loaded === undefined;
  return (
    <FormDialog
      schema={props.schema}
      visible={props.visible}
      header={props.header}
      values={waiting ? undefined : props.values(loaded)}
      loadFailed={failed ? { onRetry: () => void load.refetch(), retrying: load.isFetching } : undefined}
      pending={save.isPending}
      onSubmit={(v) =>
        save.mutate(props.toInput(v, loaded), {
          onSuccess: (result) => {
            props.onSaved(result);
            props.onHide();
          },
        })
      }
      onHide={props.onHide}
      {...(props.width ? { width: props.width } : {})}
      {...(props.submitLabel ? { submitLabel: props.submitLabel } : {})}
      {...(props.submitIcon ? { submitIcon: props.submitIcon } : {})}
      extraAction={
        props.extraAction && {
          ...props.extraAction,
          onClick: () =>
            props.extraAction!.run((result) => {
              props.onSaved(result);
              props.onHide();
            }),
        }
      }
    >
      {(form) => props.children(form, loaded)}
    </FormDialog>
  );
}

/**
 * The days on screen with the recalculated ones of an answer in their place (matched by `data`, the
 * ISO date); days the answer does not bring stay as they were, in their order.
 */
export function replaceDays<D extends { data: string }>(current: readonly D[], fresh: readonly D[]): D[] {
  const byDate = new Map(fresh.map((d) => [d.data, d]));
  return current.map((d) => byDate.get(d.data) ?? d);
}
