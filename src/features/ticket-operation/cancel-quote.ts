import { ReservationStatus, toMajor, toMinor, type Reservation } from '@agent-portal/contract';
import { isActiveSeat } from './offered-actions';

export interface CancelQuote {
  seats: string[];
  /** Sum of (fare - discount) of the seats. */
  net: number;
  fine: number;
  returnAmount: number;
}

/**
 * What cancelling these seats (all active ones when null) costs and returns,
 * shown BEFORE the agent confirms. The server quotes only the whole
 * reservation, so a partial quote applies the whole one's fine rate per seat
 * with the server's rounding (per seat, to the paisa). The server recomputes
 * it anyway: a difference answers RETURN_AMOUNT_MISMATCH with its own figures.
 */
export function cancelQuote(r: Reservation, seatNames: readonly string[] | null): CancelQuote {
  const active = r.seats.filter(isActiveSeat);
  const chosen = seatNames ? active.filter((s) => seatNames.includes(s.name)) : active;
  const netMinorOf = (s: (typeof active)[number]) => toMinor(s.fare) - toMinor(s.discount);
  const netMinor = chosen.reduce((sum, s) => sum + netMinorOf(s), 0);
  const seats = chosen.map((s) => s.name);
  if (r.status !== ReservationStatus.SOLD) return { seats, net: toMajor(netMinor), fine: 0, returnAmount: 0 };
  if (chosen.length === active.length)
    return { seats, net: toMajor(netMinor), fine: r.fine, returnAmount: r.returnAmount };

  const wholeNetMinor = active.reduce((sum, s) => sum + netMinorOf(s), 0);
  // The band's percent, to 2 decimals: per-seat rounding makes the whole one's ratio slightly inexact.
  const percent = wholeNetMinor > 0 ? Math.round((toMinor(r.fine) * 10_000) / wholeNetMinor) / 100 : 0;
  const fineMinor = chosen.reduce((sum, s) => sum + Math.round((netMinorOf(s) * percent) / 100), 0);
  return { seats, net: toMajor(netMinor), fine: toMajor(fineMinor), returnAmount: toMajor(netMinor - fineMinor) };
}
