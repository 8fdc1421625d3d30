import type { FastifyInstance } from 'fastify';
import type { BookingExpiryService } from './service';

/**
 * The periodic sweep: lapsed bookings become status 5 even when nobody
 * looks at their trip. Runs while the app is up; the timer never keeps the
 * process alive. (Old rows of other tables: modules/retention.)
 */
export function installBookingSweep(app: FastifyInstance, expiry: BookingExpiryService, seconds: number): void {
  if (seconds <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      await expiry.expire();
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
