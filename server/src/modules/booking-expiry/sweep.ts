import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database';
import type { IdempotencyService } from '../idempotency/service';
import type { BookingExpiryService } from './service';

/**
 * The periodic sweep: lapsed bookings become status 5 even when nobody
 * looks at their trip, and old idempotency answers are forgotten. Runs
 * while the app is up; the timer never keeps the process alive.
 */
export function installBookingSweep(app: FastifyInstance, db: Database, expiry: BookingExpiryService, idempotency: IdempotencyService, seconds: number): void {
  if (seconds <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      await expiry.expire();
      await idempotency.purge(db);
    } catch (error) {
      app.log.error({ err: error }, 'booking sweep failed');
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void sweep(), seconds * 1000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
