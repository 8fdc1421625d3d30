/**
 * Sequences the money model (money-model.test.ts) found and shrank, replayed as written, on this engine. Each was
 * found before its fix (issue 32); the model's seed and the failure it printed are in each case's comment.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Advance, Chain, Decide, OnTicket, Pair, Sale } from './commands';
import { replay } from './replay';
import { openWorld, type World } from './world';

/** A race shows only when the two requests interleave: each racing sequence runs this many times. */
const RACE_TRIES = 5;

describe('sequences the money model found', () => {
  let w: World;
  beforeAll(async () => {
    w = await openWorld();
  });
  afterAll(() => w.t.close());

  // Seed 20260115, SQLite, MODEL_IGNORE=commission-net,print,approve-late (the other open items silenced): failed
  // after 96 sequences, shrunk to [new Chain(0, 51, false), new OnTicket('cancel', 0, 0, 0)] (a long chain sells its
  // open ticket first): "[open-refund] lineage ... began OPEN, 51 migration(s): paid 72000, returned 36000: an open
  // ticket's lineage got money back". The walk back along the migrations (migration-rule.ts) stops after 50 hops,
  // short of the open ticket.
  it('an open ticket migrated back and forth 51 times, then cancelled, returns nothing', async () => {
    await replay(w, [new Sale('OPEN', 0, 0, 0, 1, 0, false), new Chain(0, 51, true)]);
  }, 120_000);
  it('the same, exactly as the model shrank it', async () => {
    await replay(w, [new Chain(0, 51, false), new OnTicket('cancel', 0, 0, 0)]);
  }, 120_000);

  // Seed 20260115, PostgreSQL, MODEL_IGNORE=commission-net,print,approve-late,open-refund,refund: failed after 30
  // sequences, shrunk to this: "[race] at the same instant: (1) migrate #0 ... (status 12, open) to trip 0 seats A1
  // ... answered 200 ...; (2) migrate #0 ... to trip 1 seats A3 ... answered 200 ...; no serial order of the two gives
  // these answers (alone: ok, ok)". Two tickets for one payment. SQLite serialises the two: it passes there.
  it('two migrations of one open ticket at once: exactly one succeeds', async () => {
    for (let i = 0; i < RACE_TRIES; i += 1)
      await replay(w, [new Sale('OPEN', 0, 0, 0, 1, 0, false), new Pair('migrate', 'migrate', 0, 0)]);
  });

  // The same race from a sold ticket: a migration and a cancel at once (a refund plus a new ticket), and two
  // migrations.
  it('a migration and a cancel of one sold ticket at once: exactly one succeeds', async () => {
    for (let i = 0; i < RACE_TRIES; i += 1)
      await replay(w, [new Sale('SELL', 0, 1, 0, 1, 0, false), new Pair('migrate', 'cancel', 0, 0)]);
  });
  it('two migrations of one sold ticket at once: exactly one succeeds', async () => {
    for (let i = 0; i < RACE_TRIES; i += 1)
      await replay(w, [new Sale('SELL', 0, 1, 0, 1, 0, false), new Pair('migrate', 'migrate', 0, 3)]);
  });

  // Seed 20260115, the fifth sequence, both engines: "[commission-net] ... seat A1: commission 5280 on fare 132000 -
  // discount 5000; on the net fare it is 5080".
  it('a sale with a coupon earns commission on the fare after discount', async () => {
    await replay(w, [new Sale('SELL', 0, 0, 0, 1, 0, true)]);
  });

  // A seller without AGENT_PRINT_TICKET records ORIGINAL twice: the second is a reprint without the permission.
  it('without AGENT_PRINT_TICKET the original prints once', async () => {
    await replay(w, [
      new Sale('SELL', 1, 0, 0, 1, 0, false),
      new OnTicket('original', 1, 1, 0),
      new OnTicket('original', 1, 1, 0),
    ]);
  });

  // A delayed cancel requested in the last 6 h, approved by the operator after the coach has left: refunded.
  it('a delayed cancel approved after the coach left the sold-from stop is refused', async () => {
    const model = await replay(w, [
      new Sale('SELL', 0, 0, 0, 1, 0, false),
      new Advance(330),
      new OnTicket('delayed', 1, 0, 0),
      new Advance(600),
      new Decide(0, true),
    ]);
    // The sequence got there: the request was filed (and, once fixed, refused, so still pending).
    expect(model.requests.map((r) => r.status)).toEqual(['PENDING']);
  });
});
