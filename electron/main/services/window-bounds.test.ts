import { describe, expect, it } from 'vitest';
import { restorableBounds } from './window-bounds';

const laptop = { x: 0, y: 0, width: 1366, height: 728 };

describe('window bounds', () => {
  it('restores bounds that are still on a display', () => {
    const saved = { x: 100, y: 50, width: 1000, height: 600, maximized: false };
    expect(restorableBounds(saved, [laptop])).toEqual(saved);
  });

  it('drops bounds left on a monitor that is gone', () => {
    expect(restorableBounds({ x: 1920, y: 0, width: 1280, height: 800, maximized: true }, [laptop])).toBeNull();
    expect(restorableBounds(null, [laptop])).toBeNull();
  });
});
