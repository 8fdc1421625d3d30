import { authApi } from '@agent-portal/contract';
import type { RouteRegistrar } from '../../http/routes';
import type { ProfileService } from './service';

export function registerProfileRoutes(routes: RouteRegistrar, profiles: ProfileService): void {
  routes.add(authApi.profile, {
    company: ({ params }) => params.companyId,
    handler: ({ params, principal }) => profiles.profile(principal, params.companyId),
  });
}
