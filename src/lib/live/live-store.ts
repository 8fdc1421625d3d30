/**
 * How this portal window learns of other counters' changes right now: 'live' while the server's event stream is open
 * and flowing, else 'poll' (a server without the stream, a stream that cannot be opened or kept, e.g. behind a proxy
 * that buffers it, or between reconnects). Screens read it to poll only when the stream is not there.
 */
import { create } from 'zustand';

export type LiveMode = 'poll' | 'live';

/** A few seconds: what a spec-only server is polled at when it does not say (the stream's discovery says). */
export const DEFAULT_POLL_MS = 4000;

export interface LiveState {
  mode: LiveMode;
  pollMs: number;
}

export const useLiveStore = create<LiveState>(() => ({ mode: 'poll', pollMs: DEFAULT_POLL_MS }));

export const setLiveMode = (mode: LiveMode) => {
  if (useLiveStore.getState().mode !== mode) useLiveStore.setState({ mode });
};
