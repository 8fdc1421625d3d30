import { authApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import type { AuthService } from './service';

export function registerAuthRoutes(routes: RouteRegistrar, auth: AuthService): void {
  routes.add(authApi.login, {
    handler: ({ body, req }) => auth.login({ ...body, clientAddress: req.ip }),
  });
  routes.add(authApi.logout, {
    allowExpiredPassword: true,
    handler: async ({ principal }) => {
      await auth.logout(principal.sessionId);
      return { ok: true as const };
    },
  });
}
