import { Calendar } from 'primereact/calendar';
import { fromWireMonth, toWireMonth } from '../../shared/format';
import { LOCALE } from '../../shared/primereact-locale';

/**
 * A month on its own (outside a form): mm/yyyy on screen, 'yyyy-mm' as the
 * value. `years` bounds the picker (e.g. the news: 5 before to 1 after the
 * current year, seed 000 §9).
 */
export function MonthPicker({
  id,
  label,
  value,
  onChange,
  years,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (month: string) => void;
  years?: { from: number; to: number };
}) {
  return (
    <div className="form-field month-picker">
      <label htmlFor={id}>{label}</label>
      <Calendar
        inputId={id}
        value={fromWireMonth(value)}
        onChange={(e) => {
          if (e.value instanceof Date) onChange(toWireMonth(e.value));
        }}
        view="month"
        dateFormat="mm/yy"
        locale={LOCALE}
        placeholder="mm/aaaa"
        showIcon
        minDate={years ? new Date(years.from, 0, 1) : undefined}
        maxDate={years ? new Date(years.to, 11, 31) : undefined}
      />
    </div>
  );
}
