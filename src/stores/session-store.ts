import type { DeviceType } from '@agent-portal/contract';
import { create } from 'zustand';

/**
 * The session only: who is signed in (the token) and under which company.
 * The user, companies and account are server state and live in TanStack Query.
 */
export interface SessionState {
  token: string | null;
  companyId: number | null;
  rememberMe: boolean;
  /** Where to go after the next sign-in (path + search). */
  redirectUrl: string | null;
  /** Set when a 401 ended the session; the sign-in page shows INVALID_SESSION once. */
  invalidSession: boolean;
  /**
   * Why the server ended the session when it said (USER_INACTIVE, AGENT_INACTIVE, BRANCH_INACTIVE,
   * BRANCH_NOT_ASSIGNED): shown by the sign-in page instead of INVALID_SESSION. Null for a plain 401.
   */
  sessionEndReason: string | null;
  /** The password expired while signed in: the server answers only its change (and logout), so only that shows. */
  passwordExpired: boolean;
  /** Set by an explicit log-out, so the page left behind is not kept as a redirect target. */
  signedOut: boolean;
  /** The username that signed in (spec section 3: the session's user). */
  user: string | null;
  /** The device the session was signed in from: the shell's registered device; null in a plain browser. */
  deviceId: string | null;
  deviceType: DeviceType | null;
  /** The installation's uuid sent with the sign-in (the shell's, or the one this browser keeps). */
  uuid: string | null;
}

const NAVIGATION_KEY = 'agent-portal.navigation';

/** The redirect target and the invalid-session flag survive a reload of the same window. */
function readNavigationState(): Pick<SessionState, 'redirectUrl' | 'invalidSession' | 'sessionEndReason'> {
  try {
    const parsed: unknown = JSON.parse(window.sessionStorage.getItem(NAVIGATION_KEY) ?? 'null');
    if (typeof parsed === 'object' && parsed !== null) {
      const v = parsed as Record<string, unknown>;
      return {
        redirectUrl: typeof v.redirectUrl === 'string' ? v.redirectUrl : null,
        invalidSession: v.invalidSession === true,
        sessionEndReason: typeof v.sessionEndReason === 'string' ? v.sessionEndReason : null,
      };
    }
  } catch {
    // Fall through to the empty state.
  }
  return { redirectUrl: null, invalidSession: false, sessionEndReason: null };
}

export const useSessionStore = create<SessionState>(() => ({
  token: null,
  companyId: null,
  rememberMe: false,
  signedOut: false,
  user: null,
  deviceId: null,
  deviceType: null,
  uuid: null,
  passwordExpired: false,
  ...readNavigationState(),
}));

useSessionStore.subscribe((state, previous) => {
  if (
    state.redirectUrl === previous.redirectUrl &&
    state.invalidSession === previous.invalidSession &&
    state.sessionEndReason === previous.sessionEndReason
  )
    return;
  try {
    window.sessionStorage.setItem(
      NAVIGATION_KEY,
      JSON.stringify({
        redirectUrl: state.redirectUrl,
        invalidSession: state.invalidSession,
        sessionEndReason: state.sessionEndReason,
      }),
    );
  } catch {
    // Kept in memory only.
  }
});
