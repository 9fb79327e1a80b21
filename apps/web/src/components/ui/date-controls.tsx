import { useMemo, type FocusEvent, type FormEvent, type Ref } from 'react';
import { type FieldValues } from 'react-hook-form';
import { Calendar } from 'primereact/calendar';
import { fromWireDate, fromWireMonth, toWireDate, toWireMonth } from '../../shared/format';
import { applyPattern } from './masks';
import { LOCALE } from '../../shared/primereact-locale';
import { Field, text, type ControlProps } from './form-controls';

type View = 'date' | 'month';

/** What each view shows, types and keeps: dd/mm/aaaa ↔ 'yyyy-mm-dd', mm/aaaa ↔ 'yyyy-mm'. */
const VIEWS = {
  date: {
    format: 'dd/mm/yy',
    pattern: '99/99/9999',
    placeholder: 'dd/mm/aaaa',
    toDate: fromWireDate,
    toWire: toWireDate,
  },
  month: { format: 'mm/yy', pattern: '99/9999', placeholder: 'mm/aaaa', toDate: fromWireMonth, toWire: toWireMonth },
} as const;

/** What the field shows for a wire value: 'yyyy-mm-dd' → 'dd/mm/yyyy', 'yyyy-mm' → 'mm/yyyy'. */
const shown = (wire: string) => wire.split('-').reverse().join('/');

/** The events of typing, as opposed to leaving the field or clicking Limpar. */
const TYPING = new Set(['input', 'keypress', 'keydown', 'keyup', 'paste']);

export interface DateInputProps {
  id: string;
  /** The wire text ('yyyy-mm-dd', or 'yyyy-mm' for a month), null when empty. */
  value: string | null;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  view?: View;
  /** `false`: focus does not open the calendar (a dialog whose first field is a date); the icon opens it. */
  showOnFocus?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  invalid?: boolean;
  minDate?: Date;
  maxDate?: Date;
  className?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string | undefined;
  'aria-label'?: string;
}

/**
 * The one date field of the product (issue 24 §2): typed as dd/mm/aaaa through a mask, or picked in the calendar.
 * Only a real calendar day is taken (PrimeReact refuses 31/02); a half-typed or impossible date is dropped on
 * leaving the field, so the form's own message ('Selecione uma data', …) says what is missing. The conversions to
 * and from the wire text are local-day, never through UTC.
 */
export function DateInput({
  id,
  value,
  onChange,
  onBlur,
  inputRef,
  view = 'date',
  showOnFocus = true,
  className = 'w-full',
  ...rest
}: DateInputProps) {
  const v = VIEWS[view];
  // One Date per wire value: the calendar rewrites its text whenever the Date it is given is another object, which
  // on every render of the form would wipe what is being typed.
  const date = useMemo(() => v.toDate(text(value)), [v, value]);
  // The mask: what is typed becomes dd/mm/aaaa before the calendar reads it (the capture phase runs first), so
  // '25122026' and '25/12/2026' are the same day. PrimeReact's own `mask` was not used: its focus timer moves the
  // caret back to the start a moment after each focus, losing what is typed at once.
  const onInputCapture = (e: FormEvent<HTMLSpanElement>) => {
    const input = e.target as HTMLInputElement;
    const masked = applyPattern(v.pattern, input.value);
    if (masked !== input.value) input.value = masked;
  };
  // Leaving the field with a half-typed or impossible date empties the value (the calendar would put the last good
  // one back on screen, hiding that what was typed was not taken); runs before the calendar's own blur.
  const onBlurCapture = (e: FocusEvent<HTMLSpanElement>) => {
    const typed = (e.target as HTMLInputElement).value;
    if (e.target.tagName === 'INPUT' && value !== null && typed !== shown(value)) onChange(null);
  };
  return (
    <span className="date-input" onInputCapture={onInputCapture} onBlurCapture={onBlurCapture}>
      <Calendar
        inputId={id}
        inputRef={inputRef}
        value={date}
        onChange={(e) => {
          if (e.value instanceof Date) onChange(v.toWire(e.value));
          // A half-typed date is not yet a change: emptying the form's value at the first keystroke would make the
          // calendar wipe the text being typed. Leaving the field (blur) or Limpar empties it.
          else if (!TYPING.has(e.originalEvent?.type ?? '')) onChange(null);
        }}
        onBlur={onBlur}
        view={view}
        dateFormat={v.format}
        locale={LOCALE}
        placeholder={v.placeholder}
        showIcon
        showButtonBar={view === 'date'}
        showOnFocus={showOnFocus}
        className={className}
        {...rest}
      />
    </span>
  );
}

function CalendarControl<T extends FieldValues>({
  view,
  showOnFocus = true,
  ...props
}: ControlProps<T> & { view: View; showOnFocus?: boolean }) {
  return (
    <Field
      {...props}
      render={(field, state, a11y) => (
        <DateInput
          id={props.id}
          inputRef={field.ref}
          value={text(field.value) || null}
          onChange={field.onChange}
          onBlur={field.onBlur}
          view={view}
          showOnFocus={showOnFocus}
          disabled={props.disabled}
          autoFocus={props.autoFocus}
          invalid={state.invalid}
          {...a11y}
        />
      )}
    />
  );
}

/** A date field of a form: the value is the wire text 'yyyy-mm-dd', null when empty (seed 000 §9). */
export function DateControl<T extends FieldValues>(props: ControlProps<T> & { showOnFocus?: boolean }) {
  return <CalendarControl {...props} view="date" />;
}

export function MonthControl<T extends FieldValues>(props: ControlProps<T>) {
  return <CalendarControl {...props} view="month" />;
}
