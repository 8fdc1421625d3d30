import { describe, expect, it } from 'vitest';
import { TICKET_LABELS } from './ticket-labels';

/** Every key path of a nested dictionary, e.g. "seatTypes.Standard". */
function keyPaths(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === 'object' && inner !== null ? keyPaths(inner as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

function leaves(value: object): unknown[] {
  return Object.values(value).flatMap((inner) =>
    typeof inner === 'object' && inner !== null ? leaves(inner as object) : [inner],
  );
}

describe('ticket labels', () => {
  it('have the same keys in English and Bengali', () => {
    expect(keyPaths(TICKET_LABELS.bn).sort()).toEqual(keyPaths(TICKET_LABELS.en).sort());
  });

  it('have no empty label', () => {
    for (const labels of Object.values(TICKET_LABELS)) {
      for (const text of leaves(labels)) expect(typeof text === 'string' && text.trim().length > 0).toBe(true);
    }
  });

  it('are Bengali in Bengali', () => {
    expect(TICKET_LABELS.bn.passenger).toMatch(/[\u0980-\u09FF]/);
    expect(TICKET_LABELS.bn.pinNote).toMatch(/[\u0980-\u09FF]/);
  });
});
