import { useEffect, useState } from 'react';
import { IconField } from 'primereact/iconfield';
import { InputIcon } from 'primereact/inputicon';
import { InputText } from 'primereact/inputtext';

/**
 * The filter box of the lists. Typing is local state; the parent (usually the
 * URL) hears about it after a short pause so each keystroke does not replace
 * the history entry.
 */
export function SearchInput({
  value,
  onChange,
  placeholder = 'Filtrar',
  label = 'Filtrar',
}: {
  value: string;
  onChange: (v: string) => void;
  placeholder?: string;
  label?: string;
}) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text), 250);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  return (
    <IconField iconPosition="left" className="search-input">
      <InputIcon className="pi pi-search" />
      <InputText
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        placeholder={placeholder}
        aria-label={label}
      />
    </IconField>
  );
}
