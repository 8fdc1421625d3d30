import { describe, expect, it } from 'vitest';
import { SCREEN_KEYS, SHORTCUTS, ariaKeys, keyLabel, reportScreenKey } from './shortcut-table';

describe('the shortcut table', () => {
  it('gives every key one meaning', () => {
    const all = [...Object.values(SHORTCUTS).flat(), ...Object.values(SCREEN_KEYS)];
    for (let i = 0; i < 9; i += 1) all.push(reportScreenKey(i)!);
    expect(new Set(all).size).toBe(all.length);
  });

  it('writes keys the way people read them', () => {
    expect(keyLabel('Alt+KeyN')).toBe('Alt+N');
    expect(keyLabel('Shift+Slash')).toBe('?');
    expect(keyLabel('Alt+Shift+Digit3')).toBe('Alt+Shift+3');
    expect(ariaKeys('submit')).toBe('F9 Control+Enter');
  });
});
