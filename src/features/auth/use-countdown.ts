import { useCallback, useEffect, useState } from 'react';

const secondsUntil = (deadline: number) => Math.max(0, Math.ceil((deadline - Date.now()) / 1000));

/**
 * Whole seconds left of a countdown that (re)starts on demand. It counts
 * against a deadline, so a throttled background tab still ends on time.
 */
export function useCountdown() {
  const [deadline, setDeadline] = useState(0);
  const [remaining, setRemaining] = useState(0);
  useEffect(() => {
    if (deadline === 0) return undefined;
    const tick = () => {
      const left = secondsUntil(deadline);
      setRemaining(left);
      if (left === 0) setDeadline(0);
    };
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline]);
  const start = useCallback((seconds: number) => {
    setDeadline(Date.now() + seconds * 1000);
    setRemaining(seconds);
  }, []);
  return { remaining, running: remaining > 0, start };
}
