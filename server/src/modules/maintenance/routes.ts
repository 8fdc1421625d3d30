import { systemApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import { SERVER_VERSION } from '../../lib/version';
import type { MaintenanceService } from './service';

/** The system's own calls: liveness, readiness, and the maintenance switch's state. */
export function registerSystemRoutes(routes: RouteRegistrar, maintenance: MaintenanceService): void {
  routes.add(systemApi.health, { handler: () => ({ ok: true as const, version: SERVER_VERSION }) });
  // A load balancer's probe: a read through this process's own pool (uncached), so a process cut off
  // from the database, or with no free connection, leaves the rotation while /api/health stays up.
  routes.add(systemApi.ready, {
    handler: async () => {
      await maintenance.read();
      return { ok: true as const, version: SERVER_VERSION };
    },
  });
  // The switch for the portal's standing banner: public, so the sign-in page can show it too; cached like the gate.
  routes.add(systemApi.maintenance, { handler: () => maintenance.status() });
}
