/**
 * Every piece of text goes through this before it enters a printed document
 * (ticket, receipt, report): a passenger named `<img onerror=…>` must print as text.
 * Quotes are escaped too, so the result is safe inside attribute values.
 */
const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

export function escapeHtml(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  return String(value).replace(/[&<>"']/g, (ch) => ENTITIES[ch] ?? ch);
}
