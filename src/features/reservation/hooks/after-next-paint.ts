import { useEffect, useRef, useState, type RefObject } from 'react';

/**
 * Resolves once the browser has painted the current frame: what a click
 * shows at once (the seat) is painted first, and work that can wait (the
 * lock call, the summary) runs after that paint, not between the click and
 * it. A frame that does not come (a hidden tab) holds it back 50 ms at most.
 * Once `signal` aborts (the component is gone) its frame and timers are
 * cancelled and it never resolves, so nothing runs after the unmount.
 */
export function afterNextPaint(signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return;
    let frame: number | null = null;
    let tick: ReturnType<typeof setTimeout> | null = null;
    const cancel = () => {
      clearTimeout(fallback);
      if (tick !== null) clearTimeout(tick);
      if (frame !== null) cancelAnimationFrame(frame);
      signal?.removeEventListener('abort', cancel);
    };
    const done = () => {
      cancel();
      resolve();
    };
    const fallback = setTimeout(done, 50);
    signal?.addEventListener('abort', cancel);
    if (typeof requestAnimationFrame !== 'function' || document.visibilityState !== 'visible') return;
    frame = requestAnimationFrame(() => {
      frame = null;
      tick = setTimeout(done, 0);
    });
  });
}

/** A signal that aborts when the component unmounts: hand it to afterNextPaint. */
export function useUnmountSignal(): RefObject<AbortSignal> {
  const signal = useRef<AbortSignal>(new AbortController().signal);
  useEffect(() => {
    const controller = new AbortController();
    signal.current = controller.signal;
    return () => controller.abort();
  }, []);
  return signal;
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
    const stale = new AbortController();
    void afterNextPaint(stale.signal).then(() => setShown(() => value));
    return () => stale.abort();
  }, [value, shown]);
  return shown;
}
