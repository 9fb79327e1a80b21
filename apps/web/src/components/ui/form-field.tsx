import type { ReactNode } from 'react';

/** Label, control, an optional hint (e.g. a character counter) and the validation message, wired for screen readers. */
export function FormField({
  id,
  label,
  error,
  hint,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error || hint ? (
        <div className="form-field-footer">
          {error ? (
            <small id={`${id}-erro`} className="p-error" role="alert">
              {error}
            </small>
          ) : (
            <span />
          )}
          {hint}
        </div>
      ) : null}
    </div>
  );
}
