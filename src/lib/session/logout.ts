import { authCalls as authApi } from '../contract';
import { callApi } from '../api/call-api';
import { noteOwnSignOut } from '../live/live-cache';
import { endSession } from './session';

/** POST /api/logout (its failure does not keep anyone signed in), then clear the session. */
export async function logout(): Promise<void> {
  // The live stream hears of this log-out too: not as a session ended elsewhere.
  noteOwnSignOut();
  try {
    await callApi(authApi.logout, { silent: true });
  } catch {
    // The server may already have ended the session; signing out locally is what matters.
  }
  await endSession({ signedOut: true });
}
