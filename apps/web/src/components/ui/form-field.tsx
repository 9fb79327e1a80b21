import type { ReactNode } from 'react';

/** Label, control and the validation message under it, wired for screen readers. */
export function FormField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="form-field">
      <label htmlFor={id}>{label}</label>
      {children}
      {error ? (
        <small id={`${id}-erro`} className="p-error" role="alert">
          {error}
        </small>
      ) : null}
    </div>
  );
}
