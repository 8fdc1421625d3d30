/**
 * Issue #32, item 4: a lock-out that protects a ticket cannot be used against
 * its owner. Written as an attacker would: a user of another agent (who may
 * not see the ticket at all) knows agent A's PNR and sends wrong PINs to lock
 * it, so that A's counter is refused with the right PIN.
 *
 * - Wrong PINs of a caller who may not access the ticket count against that
 *   caller on that PNR (PIN_MAX_WRONG_PER_PNR tries, then PNR_LOCKED for the
 *   caller alone), never toward the PNR's own lock.
 * - Only the tries of those who could access the ticket count toward the
 *   PNR's lock (pin-guessing.test.ts shows that lock).
 * - No oracle: what a stranger sees depends on its own tries alone, the same
 *   for another agent's PNR, a PNR that does not exist, and a PNR its owner
 *   has locked.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Ctx } from '../selling/fixtures';
import { burstWhileBusy } from './burst';
import {
  expectLocked,
  expectWrong,
  intruder,
  LOCK_MINUTES,
  lockEndFrom,
  lookup,
  NO_SUCH_PNR,
  ownerAndIntruder,
  PARALLEL,
  shape,
  soldBy,
  wrongPin,
  wrongPins,
} from './pnr-fixtures';

describe("a stranger's wrong PINs do not lock the owner out", () => {
  let t: Ctx;
  let owner: string;
  let stranger: string;
  beforeEach(async () => {
    ({ t, owner, attacker: stranger } = await ownerAndIntruder());
  });
  afterEach(() => t.close());

  it("6+ wrong PINs from another agent's user: the owner's right PIN still gets the ticket; the stranger is locked out after its own 5", async () => {
    expect(t.config.pins.maxWrongPerPnr).toBe(5);
    const victim = await soldBy(t, owner);
    for (const pin of wrongPins(victim.pin, 5)) expectWrong(await lookup(t, stranger, victim.pnr, pin), 'stranger');
    const sixth = await lookup(t, stranger, victim.pnr, wrongPin(victim.pin, 6));
    expectLocked(sixth, lockEndFrom(t));
    // The owner, with the right PIN, through a look-up and a ticket operation's PIN check.
    const mine = await lookup(t, owner, victim.pnr, victim.pin);
    expect(mine.status, JSON.stringify(mine.body)).toBe(200);
    expect(mine.body.pnr).toBe(victim.pnr);
    // The stranger stays locked out of that PNR, even with the right PIN, until its lock ends.
    expect((await lookup(t, stranger, victim.pnr, victim.pin)).body.reason).toBe('PNR_LOCKED');
    // The owner's own wrong PINs still count toward the PNR's lock, from zero.
    for (const pin of wrongPins(victim.pin, 4)) expectWrong(await lookup(t, owner, victim.pnr, pin), 'owner wrong');
    expect((await lookup(t, owner, victim.pnr, victim.pin)).status).toBe(200);
    t.clock.advanceMinutes(LOCK_MINUTES);
    expectWrong(await lookup(t, stranger, victim.pnr, victim.pin), 'stranger after its lock: still not its ticket');
  });

  it(`${PARALLEL} parallel wrong PINs from a stranger: at most 5 compared, the owner's right PIN still works`, async () => {
    const victim = await soldBy(t, owner);
    const answers = await burstWhileBusy(t, () =>
      wrongPins(victim.pin, PARALLEL).map((pin) => lookup(t, stranger, victim.pnr, pin)),
    );
    expect(answers.filter((a) => a.body.reason === 'WRONG_PNR_PIN')).toHaveLength(5);
    expect(answers.filter((a) => a.body.reason === 'PNR_LOCKED')).toHaveLength(PARALLEL - 5);
    const res = await t.call('POST', '/api/reservation/ticketOperation', {
      token: owner,
      body: { pnr: victim.pnr, pin: victim.pin, action: 2, returnAmount: 0 },
    });
    // Past the PIN check: the answer is about the cancel itself, not a lock.
    expect(res.body.reason).not.toBe('PNR_LOCKED');
    expect(res.body.reason).not.toBe('WRONG_PNR_PIN');
  });

  it('the lock is per caller: another stranger has its own 5 tries, and the owner is never locked by them', async () => {
    const victim = await soldBy(t, owner);
    const second = await intruder(t, 'intruder-two');
    for (const pin of wrongPins(victim.pin, 6)) await lookup(t, stranger, victim.pnr, pin);
    for (const pin of wrongPins(victim.pin, 5)) expectWrong(await lookup(t, second, victim.pnr, pin), 'second');
    expect((await lookup(t, second, victim.pnr, victim.pin)).body.reason).toBe('PNR_LOCKED');
    expect((await lookup(t, owner, victim.pnr, victim.pin)).status).toBe(200);
  });

  it("no oracle: a stranger sees the same on another agent's PNR, a PNR that does not exist and a PNR its owner locked", async () => {
    const theirs = await soldBy(t, owner);
    const locked = await soldBy(t, owner);
    // The owner locks `locked` with its own wrong PINs.
    for (const pin of wrongPins(locked.pin, 5)) await lookup(t, owner, locked.pnr, pin);
    expect((await lookup(t, owner, locked.pnr, locked.pin)).body.reason).toBe('PNR_LOCKED');
    const seen: Record<string, unknown[]> = { theirs: [], none: [], locked: [] };
    for (const pin of wrongPins(theirs.pin, 7)) {
      seen.theirs!.push(shape(await lookup(t, stranger, theirs.pnr, pin), theirs.pnr));
      seen.none!.push(shape(await lookup(t, stranger, NO_SUCH_PNR, pin), NO_SUCH_PNR));
      seen.locked!.push(shape(await lookup(t, stranger, locked.pnr, pin), locked.pnr));
    }
    expect(seen.none).toEqual(seen.theirs);
    expect(seen.locked).toEqual(seen.theirs);
    expect(seen.theirs!.map((a) => (a as { status: number }).status)).toEqual([422, 422, 422, 422, 422, 423, 423]);
  });
});
