import { within } from '@testing-library/react';

const matches = (text: string, label: string | RegExp) =>
  typeof label === 'string' ? text.trim() === label : label.test(text.trim());

/**
 * The value a person reads by its label in a table of labels and values (antd's
 * Descriptions bordered, and a table's summary rows): the cell beside
 * the header or cell named `label`, or, where the labels make a row of their
 * own (a vertical layout), the cell under it.
 */
export function fieldValue(scope: HTMLElement, label: string | RegExp): HTMLElement {
  const rows = within(scope).getAllByRole('row');
  for (const [r, row] of rows.entries()) {
    const cells = Array.from(row.children) as HTMLElement[];
    const at = cells.findIndex((cell) => matches(cell.textContent ?? '', label));
    if (at < 0) continue;
    const beside = cells[at + 1];
    // A header beside a header: the labels make a row of their own.
    if (beside && beside.tagName !== 'TH') return beside;
    const under = rows[r + 1]?.children[at];
    if (under instanceof HTMLElement) return under;
  }
  throw new Error(`No value labelled ${String(label)} in:\n${scope.textContent ?? ''}`);
}

/** What each body row of a table shows in the column headed `header`, top to bottom. */
export function columnTexts(table: HTMLElement, header: string): (string | null)[] {
  const column = within(table)
    .getAllByRole('columnheader')
    .findIndex((h) => h.textContent?.trim() === header);
  if (column < 0) throw new Error(`No column headed ${header}`);
  return within(table)
    .getAllByRole('row')
    .filter((row) => within(row).queryAllByRole('cell').length > 0)
    .map((row) => within(row).getAllByRole('cell')[column]?.textContent ?? null);
}
