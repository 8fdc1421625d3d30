/**
 * Digits as agents type them. A Bengali keyboard layout types ০-৯ (and an
 * Arabic one ٠-٩ or ۰-۹); the server and every validator take 0-9. Fields
 * that hold a number-like code (phone, PNR, PIN, amount) pass what is typed
 * through here, so the value stored in the form is always Latin.
 */
const ZEROS = [0x09e6 /* Bengali ০ */, 0x0660 /* Arabic-Indic ٠ */, 0x06f0 /* Extended Arabic-Indic ۰ */];

export function latinDigits(text: string): string;
export function latinDigits(text: string | undefined | null): string | undefined | null;
export function latinDigits(text: string | undefined | null): string | undefined | null {
  if (typeof text !== 'string') return text;
  return text.replace(/[\u09e6-\u09ef\u0660-\u0669\u06f0-\u06f9]/g, (ch) => {
    const code = ch.charCodeAt(0);
    const zero = ZEROS.find((z) => code >= z && code <= z + 9) ?? code;
    return String(code - zero);
  });
}

/** antd Form.Item `normalize`: the stored value takes Latin digits whatever the layout typed. */
export function normalizeDigits(value: unknown): unknown {
  return typeof value === 'string' ? latinDigits(value) : value;
}

/** A PNR as typed: upper-case letters and digits (Bengali digits made Latin), at most 10. */
export const pnrInput = (value: string | undefined): string =>
  latinDigits(value ?? '')
    .replace(/[^a-z0-9]/gi, '')
    .toUpperCase()
    .slice(0, 10);

/** A PIN as typed: six digits, whichever layout typed them. */
export const pinInput = (value: string | undefined): string =>
  latinDigits(value ?? '')
    .replace(/\D/g, '')
    .slice(0, 6);

/**
 * InputNumber's `parser` for amounts: "৫০০.৫০" and "1,500" read as numbers. It answers the cleaned text:
 * InputNumber reads it as a decimal (an empty one clears the field), and its typings call that the value type,
 * hence the cast antd's own parser examples use.
 */
export const amountParser = (text: string | undefined): number =>
  latinDigits(text ?? '').replace(/[^\d.-]/g, '') as unknown as number;
