import { DateInput } from './date-controls';

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
      <DateInput
        id={id}
        view="month"
        value={value}
        // A month is always chosen here: clearing the field keeps the last one.
        onChange={(month) => {
          if (month) onChange(month);
        }}
        className=""
        {...(years ? { minDate: new Date(years.from, 0, 1), maxDate: new Date(years.to, 11, 31) } : {})}
      />
    </div>
  );
}
