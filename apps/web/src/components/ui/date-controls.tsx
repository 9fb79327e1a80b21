import { type FieldValues } from 'react-hook-form';
import { Calendar } from 'primereact/calendar';
import { fromWireDate, fromWireMonth, toWireDate, toWireMonth } from '../../shared/format';
import { LOCALE } from '../../shared/primereact-locale';
import { Field, text, type ControlProps } from './form-controls';

/**
 * Calendar pickers: the screen shows dd/mm/yyyy (or mm/yyyy) in Portuguese,
 * the form value is the wire text 'yyyy-mm-dd' (or 'yyyy-mm'), null when empty
 * (seed 000 §9). The conversions are local-day, never through UTC.
 */
function CalendarControl<T extends FieldValues>({
  view,
  pickOnly = false,
  showOnFocus = true,
  ...props
}: ControlProps<T> & { view: 'date' | 'month'; pickOnly?: boolean; showOnFocus?: boolean }) {
  const [toDate, toWire] = view === 'date' ? [fromWireDate, toWireDate] : [fromWireMonth, toWireMonth];
  return (
    <Field
      {...props}
      render={(field, state, a11y) => (
        <Calendar
          inputId={props.id}
          inputRef={field.ref}
          value={toDate(text(field.value))}
          onChange={(e) => field.onChange(e.value instanceof Date ? toWire(e.value) : null)}
          onBlur={field.onBlur}
          view={view}
          dateFormat={view === 'date' ? 'dd/mm/yy' : 'mm/yy'}
          locale={LOCALE}
          placeholder={view === 'date' ? 'dd/mm/aaaa' : 'mm/aaaa'}
          showIcon
          showButtonBar={view === 'date'}
          readOnlyInput={pickOnly}
          showOnFocus={showOnFocus}
          disabled={props.disabled}
          autoFocus={props.autoFocus}
          invalid={state.invalid}
          className="w-full"
          {...a11y}
        />
      )}
    />
  );
}

/**
 * `pickOnly`: the day is chosen in the calendar, never typed (seed 000 §5, Feriado).
 * `showOnFocus={false}`: focus does not open the calendar (a dialog whose first field is the date: the popup
 * would cover the dialog's text); the icon opens it.
 */
export function DateControl<T extends FieldValues>(
  props: ControlProps<T> & { pickOnly?: boolean; showOnFocus?: boolean },
) {
  return <CalendarControl {...props} view="date" />;
}

export function MonthControl<T extends FieldValues>(props: ControlProps<T>) {
  return <CalendarControl {...props} view="month" />;
}
