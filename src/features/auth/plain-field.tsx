import type { ReactNode } from 'react';
import './auth.css';

/**
 * A labelled field with its error, for the sign-in page: antd's Form (with
 * its validator and tooltip machinery) would double the page's first load.
 * The input gets id, aria-invalid and aria-describedby from the caller
 * (fieldAria); the error is announced (role=alert).
 */
export function PlainField({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className="auth-field">
      <label htmlFor={id} className="auth-field-label">
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} role="alert" className="auth-field-error">
          {error}
        </div>
      )}
    </div>
  );
}

export function fieldAria(id: string, error?: string) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined };
}
