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
