/**
 * The seat selection in progress (a draft, so it lives in zustand rather than
 * in the server cache): which seats the agent holds, which have a lock call
 * in flight and when the locks lapse. Kept out of the page's React state so a
 * seat click re-renders the seat map and the summary, not the whole screen.
 */
import { create } from 'zustand';

export interface DraftState {
  selected: ReadonlySet<string>;
  pending: ReadonlySet<string>;
  lockExpiresAt: string | null;
}

const EMPTY: ReadonlySet<string> = new Set();

export const INITIAL_DRAFT: DraftState = { selected: EMPTY, pending: EMPTY, lockExpiresAt: null };

export const useDraftStore = create<DraftState>(() => INITIAL_DRAFT);

const withOne = (set: ReadonlySet<string>, name: string) => new Set(set).add(name);
const withoutOne = (set: ReadonlySet<string>, name: string) => {
  const next = new Set(set);
  next.delete(name);
  return next;
};

export const draft = {
  get: () => useDraftStore.getState(),
  reset: () => useDraftStore.setState(INITIAL_DRAFT),
  startPending: (name: string) => useDraftStore.setState((s) => ({ pending: withOne(s.pending, name) })),
  /** Lock answers can arrive out of order, so each one adds or removes only its own seat. */
  settle: (name: string, held: boolean | null, expiresAt?: string | null) =>
    useDraftStore.setState((s) => ({
      pending: withoutOne(s.pending, name),
      selected: held === null ? s.selected : held ? withOne(s.selected, name) : withoutOne(s.selected, name),
      lockExpiresAt: expiresAt === undefined ? s.lockExpiresAt : expiresAt,
    })),
  adopt: (seats: readonly string[], expiresAt: string | null) =>
    useDraftStore.setState({
      selected: new Set(seats),
      pending: EMPTY,
      lockExpiresAt: seats.length ? expiresAt : null,
    }),
  setExpiry: (expiresAt: string | null) => useDraftStore.setState({ lockExpiresAt: expiresAt }),
  /** Seats another counter took first leave the selection (and any lock call of theirs in flight). */
  drop: (names: readonly string[]) =>
    useDraftStore.setState((s) => {
      const selected = new Set(s.selected);
      const pending = new Set(s.pending);
      names.forEach((name) => (selected.delete(name), pending.delete(name)));
      return { selected, pending, lockExpiresAt: selected.size ? s.lockExpiresAt : null };
    }),
};
