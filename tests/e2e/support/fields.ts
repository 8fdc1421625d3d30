import type { Locator, Page } from '@playwright/test';

/**
 * The value a person reads by its label in a table of labels and values
 * (antd's bordered Descriptions, a table's summary rows): the cell beside the
 * header or cell named `label`, or, where the labels make a row of their own
 * (a vertical layout, as on a wide screen), the cell under it. Answers once
 * the label is on screen.
 */
export async function fieldValue(scope: Page | Locator, label: string): Promise<Locator> {
  const named = { name: label, exact: true };
  const header = scope
    .getByRole('columnheader', named)
    .or(scope.getByRole('rowheader', named))
    .or(scope.getByRole('cell', named))
    .first();
  const { at, beside } = await header.evaluate((cell) => ({
    at: Array.from(cell.parentElement?.children ?? []).indexOf(cell),
    beside: cell.nextElementSibling?.tagName ?? null,
  }));
  return beside !== null && beside !== 'TH'
    ? header.locator('xpath=following-sibling::*[1]')
    : header.locator('xpath=ancestor::tr[1]/following-sibling::tr[1]/*').nth(at);
}
