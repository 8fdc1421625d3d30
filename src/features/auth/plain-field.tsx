import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A labelled field with its error, for the sign-in page: antd's Form (with
 * its validator and tooltip machinery) would double the page's first load.
 * The input gets id, aria-invalid and aria-describedby from the caller.
 */
export function PlainField({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ marginBottom: token.marginLG }}>
      <label htmlFor={id} style={{ display: 'block', paddingBottom: token.paddingXS, color: token.colorTextHeading }}>
        {label}
      </label>
      {children}
      {error && (
        <div id={`${id}-error`} role="alert" style={{ color: token.colorError, marginTop: 4, fontSize: token.fontSize }}>
          {error}
        </div>
      )}
    </div>
  );
}

export function fieldAria(id: string, error?: string) {
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': error ? `${id}-error` : undefined, status: error ? ('error' as const) : undefined };
}
