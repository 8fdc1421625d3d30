import { useEffect, useState } from 'react';

/**
 * Resolves once the browser has painted the current frame: what a click
 * shows at once (the seat) is painted first, and work that can wait (the
 * lock call, the summary) runs after that paint, not between the click and
 * it. A frame that does not come (a hidden tab) holds it back 50 ms at most.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const fallback = setTimeout(resolve, 50);
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState !== 'visible') return;
    requestAnimationFrame(() =>
      setTimeout(() => {
        clearTimeout(fallback);
        resolve();
      }, 0),
    );
  });
}

/**
 * `value`, one painted frame late. Unlike useDeferredValue, whose render React
 * may run before the browser paints the click's frame (and so delay that
 * paint), this renders the new value only after that frame is on screen.
 */
export function useValueAfterPaint<T>(value: T): T {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (Object.is(shown, value)) return;
    let live = true;
    void afterNextPaint().then(() => {
      if (live) setShown(() => value);
    });
    return () => {
      live = false;
    };
  }, [value, shown]);
  return shown;
}
