import type { WindowBounds } from './settings';

export interface Area {
  x: number;
  y: number;
  width: number;
  height: number;
}

export const DEFAULT_WINDOW_SIZE = { width: 1280, height: 800 };

/**
 * The remembered bounds when they still show on one of today's displays (a
 * counter's second monitor may be gone); otherwise null, and the window
 * opens centred at its default size.
 */
export function restorableBounds(saved: WindowBounds | null, workAreas: readonly Area[]): WindowBounds | null {
  if (!saved) return null;
  const visible = workAreas.some((area) => {
    const overlapX = Math.min(saved.x + saved.width, area.x + area.width) - Math.max(saved.x, area.x);
    const overlapY = Math.min(saved.y + saved.height, area.y + area.height) - Math.max(saved.y, area.y);
    // At least a grabbable strip of the window must be on this display.
    return overlapX >= 100 && overlapY >= 50;
  });
  return visible ? saved : null;
}
