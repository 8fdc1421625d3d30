import type { DeviceType } from '@agent-portal/contract';
import { clearSession, loadSession, saveSession } from '../bridge';
import { currentAppPath } from '../app-location';
import { queryClient } from '../query-client';
import { useSessionStore } from '../../stores/session-store';

/** Reads the stored session (web storage, or the shell's store) into the session store at start-up. */
export async function restoreSession(): Promise<void> {
  const stored = await loadSession();
  if (stored) {
    useSessionStore.setState({
      token: stored.token,
      companyId: stored.companyId,
      rememberMe: stored.rememberMe,
      user: stored.user ?? null,
      deviceId: stored.deviceId ?? null,
      deviceType: stored.deviceType ?? null,
      uuid: stored.uuid ?? null,
    });
  }
}

async function persist(): Promise<void> {
  const { token, companyId, rememberMe, user, deviceId, deviceType, uuid } = useSessionStore.getState();
  if (token) await saveSession({ token, companyId, rememberMe, user, deviceId, deviceType, uuid });
  else await clearSession();
}

/** The session values of a sign-in (spec section 3): token, company, remember me, the user and the device. */
export interface SessionStart {
  token: string;
  companyId: number | null;
  rememberMe: boolean;
  user?: string | null;
  deviceId?: string | null;
  deviceType?: DeviceType | null;
  uuid?: string | null;
}

export async function startSession(session: SessionStart): Promise<void> {
  useSessionStore.setState({
    ...session,
    signedOut: false,
    invalidSession: false,
    sessionEndReason: null,
    passwordExpired: false,
  });
  await persist();
}

/** Stores the chosen company; callers reload the page afterwards. */
export async function selectCompany(companyId: number | null): Promise<void> {
  useSessionStore.setState({ companyId });
  await persist();
}

/** Clears token, user (the cached server state) and company. */
export async function endSession(options: { signedOut?: boolean } = {}): Promise<void> {
  useSessionStore.setState({
    token: null,
    companyId: null,
    user: null,
    deviceId: null,
    deviceType: null,
    signedOut: options.signedOut ?? false,
    passwordExpired: false,
  });
  queryClient.clear();
  await clearSession();
}

export function rememberRedirect(path: string): void {
  useSessionStore.setState({ redirectUrl: path });
}

/** Forgets the redirect target once it has been used. */
export function clearRedirect(): void {
  if (useSessionStore.getState().redirectUrl !== null) useSessionStore.setState({ redirectUrl: null });
}

/**
 * Once after a session expiry, the reason the sign-in page shows: the server's (USER_INACTIVE, BRANCH_INACTIVE...)
 * or INVALID_SESSION; null otherwise.
 */
export function consumeInvalidSession(): string | null {
  const { invalidSession, sessionEndReason } = useSessionStore.getState();
  if (!invalidSession) return null;
  useSessionStore.setState({ invalidSession: false, sessionEndReason: null });
  return sessionEndReason ?? 'INVALID_SESSION';
}

/**
 * A 401 outside the sign-in page, or a refusal that ends the session (its user, agent or outlet inactive): sign
 * out, keep where the user was, and let the guards go to /login, which says `reason` when given.
 */
export function handleSessionExpired(reason?: string): void {
  const { token } = useSessionStore.getState();
  if (!token) return;
  useSessionStore.setState({ invalidSession: true, sessionEndReason: reason ?? null, redirectUrl: currentAppPath() });
  void endSession();
}
