/**
 * What the stream's events do to this window (the query cache stays the source of what is drawn): a `trip` event
 * updates the open trip's cached details when it is the next version, else refetches them; the trip lists that show
 * the trip refetch their free-seat counts; `maintenance` switches the banner; `session-ended` signs out with the
 * server's reason; `balance` moves the account chip.
 */
import type { Account } from '@agent-portal/contract';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { showServerStatus } from '../maintenance/maintenance-store';
import { sessionKeys } from '../queries/keys';
import { handleSessionExpired } from '../session/session';
import type { SseEvent } from './sse-parser';
import { applyTripEvent, type LiveTripDetails, type TripEvent } from './trip-events';
import { allWatches } from './watches';

/** The newest version each trip's events have reached: a refetch that answers an older one is fetched again. */
const newestSeen = new Map<number, number>();

export function newestVersionSeen(tripId: number): number | undefined {
  return newestSeen.get(tripId);
}

export function forgetVersions(): void {
  newestSeen.clear();
}

/** A list refetches at most this often however many events come (a busy day sells many seats a second). */
const LIST_REFETCH_MS = 500;
const listTimers = new Map<string, ReturnType<typeof setTimeout>>();

function refetchListSoon(client: QueryClient, queryKey: QueryKey): void {
  const id = JSON.stringify(queryKey);
  if (listTimers.has(id)) return;
  listTimers.set(
    id,
    setTimeout(() => {
      listTimers.delete(id);
      void client.invalidateQueries({ queryKey, exact: true }, { cancelRefetch: false });
    }, LIST_REFETCH_MS),
  );
}

function parse(data: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(data);
    return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function isTripEvent(value: Record<string, unknown>): value is Record<string, unknown> & TripEvent {
  return typeof value.tripId === 'number' && typeof value.version === 'number' && Array.isArray(value.seats);
}

export function applyTrip(client: QueryClient, event: TripEvent): void {
  const seen = newestSeen.get(event.tripId);
  // Applied or refetched for below: the shown details are at least at this version from here on.
  newestSeen.set(event.tripId, Math.max(event.version, seen ?? 0));
  for (const watch of allWatches()) {
    if (watch.kind === 'list') {
      if (watch.tripIds.includes(event.tripId)) refetchListSoon(client, watch.queryKey);
      continue;
    }
    if (watch.tripId !== event.tripId) continue;
    const shown = client.getQueryData<LiveTripDetails>(watch.queryKey);
    if (!shown) continue;
    const result = applyTripEvent(shown, event, seen);
    if (result.kind === 'applied') client.setQueryData(watch.queryKey, result.details);
    else if (result.kind === 'refetch')
      void client.invalidateQueries({ queryKey: watch.queryKey, exact: true }, { cancelRefetch: false });
  }
}

let ownSignOut = false;

/** This window is logging out: the stream's session-ended that follows is its own doing. */
export function noteOwnSignOut(): void {
  ownSignOut = true;
}

export function forgetOwnSignOut(): void {
  ownSignOut = false;
}

const SESSION_END_REASONS: ReadonlySet<string> = new Set(['LOGGED_OUT', 'REVOKED', 'EXPIRED']);

/** The account chip's balance part, as the account answer has it. */
const BALANCE_FIELDS = ['balance', 'bill', 'creditLimit'] as const;

function applyBalance(client: QueryClient, value: Record<string, unknown>): void {
  if (typeof value.companyId !== 'number') return;
  const key = sessionKeys.account(value.companyId);
  const shown = client.getQueryData<Account>(key);
  if (!shown) return;
  const next: Account = { ...shown };
  for (const field of BALANCE_FIELDS) {
    const amount = value[field];
    if (typeof amount === 'number' || (field === 'creditLimit' && amount === null))
      Object.assign(next, { [field]: amount });
  }
  client.setQueryData(key, next);
}

export function handleLiveEvent(client: QueryClient, event: SseEvent): void {
  const value = parse(event.data);
  if (!value) return;
  switch (event.event) {
    case 'trip':
      if (isTripEvent(value)) applyTrip(client, value);
      return;
    case 'maintenance':
      showServerStatus({
        on: value.on === true,
        ...(typeof value.message === 'string' ? { message: value.message } : {}),
        ...(typeof value.messageBn === 'string' ? { messageBn: value.messageBn } : {}),
      });
      return;
    case 'session-ended':
      // This window's own log-out: it signs out by itself, without saying the session was ended elsewhere.
      if (ownSignOut) return;
      // LOGGED_OUT, REVOKED, EXPIRED: the sign-in page says it (SESSION_<reason>); anything else, INVALID_SESSION.
      handleSessionExpired(
        typeof value.reason === 'string' && SESSION_END_REASONS.has(value.reason)
          ? `SESSION_${value.reason}`
          : undefined,
      );
      return;
    case 'balance':
      applyBalance(client, value);
      return;
    default:
    // An event this portal does not know yet: a newer server's; ignored.
  }
}

/** After a (re)connect: whatever changed while the stream was down is fetched again. */
export function refetchWatched(client: QueryClient, tripIds?: readonly number[]): void {
  for (const watch of allWatches()) {
    const concerned =
      !tripIds ||
      (watch.kind === 'details' ? tripIds.includes(watch.tripId) : watch.tripIds.some((id) => tripIds.includes(id)));
    if (concerned) void client.invalidateQueries({ queryKey: watch.queryKey, exact: true }, { cancelRefetch: false });
  }
}
