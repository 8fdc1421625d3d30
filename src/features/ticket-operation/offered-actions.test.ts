import { TICKET_OPERATION_PERMISSIONS, type Permission } from '@agent-portal/contract';
import { describe, expect, it } from 'vitest';
import { now } from '../../lib/format/company-time';
import { offeredActions } from './offered-actions';
import { booked, inHours, sold } from './test-support/reservations';

const NOW = now();
const perms = (...names: Permission[]) => new Set<string>(names);
const ALL = perms(...TICKET_OPERATION_PERMISSIONS, 'AGENT_PRINT_TICKET');

describe('the actions offered for each status and permission', () => {
  it('sold: cancel ticket, whole and some seats, resend PIN and print; nothing to confirm or extend', () => {
    expect(offeredActions(sold(), ALL, NOW)).toEqual({
      confirm: null,
      cancel: { action: 2, whole: true, partial: true },
      delayedCancel: false,
      extend: false,
      resendPin: true,
      print: true,
    });
  });

  it('sold: cancelling only some seats needs the partial permission', () => {
    expect(offeredActions(sold(), perms('AGENT_CANCEL_RESERVATION'), NOW).cancel).toEqual({
      action: 2,
      whole: true,
      partial: false,
    });
    expect(offeredActions(sold(), perms('AGENT_PARTIALLY_CANCEL_SOLD_RESERVATION'), NOW).cancel).toEqual({
      action: 2,
      whole: false,
      partial: true,
    });
    // One seat: "some of them" is the whole reservation, which this user may not cancel.
    const oneSeat = sold({ seats: [sold().seats[0]!] });
    expect(offeredActions(oneSeat, perms('AGENT_PARTIALLY_CANCEL_SOLD_RESERVATION'), NOW).cancel).toBeNull();
  });

  it('offers nothing the server did not allow, whatever the permissions', () => {
    const offered = offeredActions(sold({ allowedActions: [] }), ALL, NOW);
    expect(offered.cancel).toBeNull();
    expect(offered.confirm).toBeNull();
  });

  it('offers nothing the user may not do, even when the server lists it', () => {
    const offered = offeredActions(booked({ allowedActions: [1, 5, 6] }), perms('AGENT_CANCEL_BOOKING'), NOW);
    expect(offered).toMatchObject({ confirm: null, cancel: { action: 5, whole: true, partial: false }, extend: false });
  });

  it('sold past the cancellation cut-off, before departure: a delayed-cancel request instead of a cancel', () => {
    const late = sold({ boardingTime: inHours(3), fine: 2370, returnAmount: 0 });
    expect(offeredActions(late, ALL, NOW)).toMatchObject({ cancel: null, delayedCancel: true });
    expect(offeredActions(late, perms('AGENT_PARTIALLY_CANCEL_SOLD_RESERVATION'), NOW).delayedCancel).toBe(false);
  });

  it('sold after departure: neither cancel nor delayed cancel', () => {
    const gone = sold({ boardingTime: inHours(-1), fine: 2370, returnAmount: 0 });
    expect(offeredActions(gone, ALL, NOW)).toMatchObject({ cancel: null, delayedCancel: false });
  });

  it('the server said the cut-off passed (a free ticket shows no figures): delayed cancel', () => {
    const free = sold({ fare: 0, totalFare: 0, fine: 0, returnAmount: 0 });
    expect(offeredActions(free, ALL, NOW, true)).toMatchObject({ cancel: null, delayedCancel: true });
  });

  it('booked: confirm booking, cancel booking (some seats with its own permission), extend', () => {
    const twoSeats = booked({
      seats: [...booked().seats, { name: 'B2', seatType: 'Business', fare: 1320, discount: 0, status: 2 }],
    });
    expect(offeredActions(twoSeats, ALL, NOW)).toMatchObject({
      confirm: 1,
      cancel: { action: 5, whole: true, partial: true },
      extend: true,
    });
    expect(
      offeredActions(twoSeats, perms('AGENT_CANCEL_BOOKING', 'AGENT_PARTIALLY_CANCEL_SOLD_RESERVATION'), NOW).cancel,
    ).toEqual({
      action: 5,
      whole: true,
      partial: false,
    });
  });

  it('admin booked: confirm admin booking and cancel admin booked, whole only', () => {
    const admin = booked({ status: 3, allowedActions: [4, 8], expirationTime: null });
    expect(offeredActions(admin, ALL, NOW)).toMatchObject({
      confirm: 8,
      cancel: { action: 4, whole: true, partial: false },
      extend: false,
    });
  });

  it('linked: confirm linked and cancel it with AGENT_CANCEL_LINKED, whole only', () => {
    const linked = booked({ status: 13, allowedActions: [5, 9], expirationTime: null });
    expect(offeredActions(linked, ALL, NOW)).toMatchObject({
      confirm: 9,
      cancel: { action: 5, whole: true, partial: false },
    });
    expect(offeredActions(linked, perms('AGENT_CANCEL_BOOKING'), NOW)).toMatchObject({ confirm: null, cancel: null });
  });

  it('cancelled: no action, no PIN to resend, nothing to print', () => {
    expect(offeredActions(sold({ status: 5, allowedActions: [] }), ALL, NOW)).toEqual({
      confirm: null,
      cancel: null,
      delayedCancel: false,
      extend: false,
      resendPin: false,
      print: false,
    });
  });

  it('a reprint needs AGENT_PRINT_TICKET; the first print does not', () => {
    expect(offeredActions(sold({ printCount: 0 }), perms('AGENT_CANCEL_RESERVATION'), NOW).print).toBe(true);
    expect(offeredActions(sold({ printCount: 1 }), perms('AGENT_CANCEL_RESERVATION'), NOW).print).toBe(false);
    expect(offeredActions(sold({ printCount: 1 }), ALL, NOW).print).toBe(true);
  });
});
