import { authApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import type { PasswordService } from './service';

const ok = { ok: true as const };

export function registerPasswordRoutes(routes: RouteRegistrar, passwords: PasswordService): void {
  routes.add(authApi.sendOtp, {
    handler: ({ body, req }) => passwords.sendOtp(body.username, req.ip),
  });
  routes.add(authApi.verifyOtp, {
    handler: async ({ body, req }) => {
      await passwords.verifyOtp(body.username, body.otp, req.ip);
      return ok;
    },
  });
  routes.add(authApi.resetPassword, {
    handler: async ({ body, req }) => {
      await passwords.resetPassword(body, req.ip);
      return ok;
    },
  });
  routes.add(authApi.changePassword, {
    allowExpiredPassword: true,
    handler: async ({ body, principal }) => {
      await passwords.changePassword(principal, body);
      return ok;
    },
  });
}
