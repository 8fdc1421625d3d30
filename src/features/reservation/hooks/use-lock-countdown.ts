/**
 * Seconds left on the seat locks, and their renewal: while the agent is still
 * typing or clicking on this screen, the locks are renewed a minute before
 * they lapse, so a slow passenger does not lose the seats mid-sale. An idle
 * counter lets them lapse, and the seats go back to everyone.
 */
import { useEffect, useRef, useState } from 'react';
import { nowMs } from '../../../lib/format';
import { useDraftStore } from '../state/draft-store';

export const RENEW_BEFORE_SECONDS = 60;
/** Activity this recent counts as "still working". */
const ACTIVE_WITHIN_MS = 2 * 60_000;

export function secondsLeft(expiresAt: string | null, now: number): number | null {
  if (!expiresAt) return null;
  return Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000));
}

export function useLockCountdown({
  renew,
  onLapsed,
}: {
  renew: () => Promise<void>;
  onLapsed: () => void;
}): number | null {
  const expiresAt = useDraftStore((s) => s.lockExpiresAt);
  // The lock's expiry is the server's instant: compare it with the server's clock.
  const [now, setNow] = useState(() => nowMs());
  const lastActivity = useRef(0);
  const renewing = useRef(false);
  const handlers = useRef({ renew, onLapsed });
  useEffect(() => {
    handlers.current = { renew, onLapsed };
  });

  useEffect(() => {
    const mark = () => {
      lastActivity.current = Date.now();
    };
    mark();
    window.addEventListener('pointerdown', mark, true);
    window.addEventListener('keydown', mark, true);
    return () => {
      window.removeEventListener('pointerdown', mark, true);
      window.removeEventListener('keydown', mark, true);
    };
  }, []);

  useEffect(() => {
    if (!expiresAt) return;
    const timer = window.setInterval(() => setNow(nowMs()), 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);

  const left = secondsLeft(expiresAt, now);
  useEffect(() => {
    if (left === null || renewing.current) return;
    const active = Date.now() - lastActivity.current < ACTIVE_WITHIN_MS;
    if (left <= RENEW_BEFORE_SECONDS && left > 0 && active) {
      renewing.current = true;
      void handlers.current.renew().finally(() => {
        renewing.current = false;
      });
    } else if (left === 0) {
      handlers.current.onLapsed();
    }
  }, [left]);
  return left;
}
