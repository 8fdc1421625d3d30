import { AppError } from '../../http/app-error';

/**
 * A state change happens once (issue 32, item 2): every status change of a reservation (retire, cancel, confirm,
 * move, extend, refund) is a conditional write on the state the operation read, and the unit that reads it holds its
 * row lock on PostgreSQL (Unit.lockRow). When the write finds the reservation no longer as it was read,
 * the operation is refused with RESERVATION_CHANGED (409) and its unit, with anything it wrote, is undone.
 */
export function assertStateChanged(done: boolean, read: { pnr: string; status: number }): void {
  if (!done)
    throw new AppError(
      'RESERVATION_CHANGED',
      { pnr: read.pnr, status: read.status },
      'The reservation changed while this was being done; look it up again',
    );
}
