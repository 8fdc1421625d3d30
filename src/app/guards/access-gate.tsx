import type { ReactNode } from 'react';
import { Navigate, useMatches } from 'react-router';
import { can, permissionsOf } from '../../lib/access';
import { useProfile } from '../../lib/queries/profile';
import { leafHandle } from '../route-handle';
import { useHomepage } from '../use-menu';

/** A page the user has no permission for sends them to their homepage (which they may always open). */
export function AccessGate({ children }: { children: ReactNode }) {
  const access = leafHandle(useMatches())?.access;
  const { data: profile } = useProfile();
  const homepage = useHomepage();
  if (!can(permissionsOf(profile), access)) return <Navigate to={homepage} replace />;
  return children;
}
