import { clearSession, loadSession, saveSession } from '../bridge';
import { currentAppPath } from '../app-location';
import { queryClient } from '../query-client';
import { useSessionStore } from '../../stores/session-store';

/** Reads the stored session (web storage, or the shell's store) into the session store at start-up. */
export async function restoreSession(): Promise<void> {
  const stored = await loadSession();
  if (stored) useSessionStore.setState({ token: stored.token, companyId: stored.companyId, rememberMe: stored.rememberMe });
}

async function persist(): Promise<void> {
  const { token, companyId, rememberMe } = useSessionStore.getState();
  if (token) await saveSession({ token, companyId, rememberMe });
  else await clearSession();
}

export async function startSession(session: { token: string; companyId: number | null; rememberMe: boolean }): Promise<void> {
  useSessionStore.setState({ ...session, signedOut: false, invalidSession: false });
  await persist();
}

/** Stores the chosen company; callers reload the page afterwards. */
export async function selectCompany(companyId: number | null): Promise<void> {
  useSessionStore.setState({ companyId });
  await persist();
}

/** Clears token, user (the cached server state) and company. */
export async function endSession(options: { signedOut?: boolean } = {}): Promise<void> {
  useSessionStore.setState({ token: null, companyId: null, signedOut: options.signedOut ?? false });
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

/** True once after a session expiry; the sign-in page shows INVALID_SESSION. */
export function consumeInvalidSession(): boolean {
  const { invalidSession } = useSessionStore.getState();
  if (invalidSession) useSessionStore.setState({ invalidSession: false });
  return invalidSession;
}

/** A 401 outside the sign-in page: sign out, keep where the user was, and let the guards go to /login. */
export function handleSessionExpired(): void {
  const { token } = useSessionStore.getState();
  if (!token) return;
  useSessionStore.setState({ invalidSession: true, redirectUrl: currentAppPath() });
  void endSession();
}
