import { describe, expect, it } from 'vitest';
import en from '../../../locales/en/seat-map.json';
import bn from '../../../locales/bn/seat-map.json';

function keyPaths(value: object, prefix = ''): string[] {
  return Object.entries(value).flatMap(([key, inner]) =>
    typeof inner === 'object' && inner !== null ? keyPaths(inner as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('seat-map strings', () => {
  it('exist in English and Bengali alike', () => {
    expect(keyPaths(bn).sort()).toEqual(keyPaths(en).sort());
  });
});
