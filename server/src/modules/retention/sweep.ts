import type { FastifyInstance } from 'fastify';
import type { RetentionService } from './service';

/**
 * Runs the retention job every `minutes` while the app is up (and once at start); the timer never keeps the process
 * alive.
 */
export function installRetentionSweep(app: FastifyInstance, retention: RetentionService, minutes: number): void {
  if (minutes <= 0) return;
  let timer: NodeJS.Timeout | undefined;
  const sweep = async () => {
    try {
      const done = await retention.purge();
      app.log.info({ retention: done }, 'retention sweep');
    } catch (error) {
      app.log.error({ err: error }, 'retention sweep failed');
    }
  };
  app.addHook('onReady', async () => {
    void sweep();
    timer = setInterval(() => void sweep(), minutes * 60_000);
    timer.unref();
  });
  app.addHook('onClose', async () => {
    if (timer) clearInterval(timer);
  });
}
