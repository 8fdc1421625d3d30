/**
 * A ticket's refund terms travel with it (issue #32, item 1).
 * reservations.fine_floor_percent: the smallest fine percent the ticket
 * cancels at. 0 for a sale or a booking, 100 for an open ticket (it cannot be
 * cancelled for money); a migration's ticket takes the larger of its
 * source's floor and the band its source was in when it moved
 * (reservation/migration-rule.ts), read from the source row alone. It replaces
 * a walk back along reference_pnr that stopped after 50 hops, so a ticket
 * moved back and forth some 50 times lost its floor.
 *
 * Existing rows: the walk, once, here, without a cap. Open tickets and
 * everything migrated from one get 100, exactly what the old rule answered
 * when it walked far enough. A ticket migrated from a sold one gets the largest
 * band its sources were in when each moved, as the old rule computed it at
 * every cancel: from the fine bands in force now (CANCEL_FINE_BANDS, read here
 * once with the same default as config.ts; a value that does not parse takes
 * 100, which no rule loosens) and the trip stops' times. Rows are visited
 * in id order, so a source (always older) is done before what it became.
 *
 * A trigger refuses any later write that lowers a floor: the terms are
 * tightened, never loosened, whatever code runs (a fault in it included).
 */
import { sql, type Kysely } from 'kysely';
import { createRowTrigger, dropRowTrigger, refuseStatement } from './engine-sql';

const DEFAULT_BANDS = '48:10,24:25,6:50';
const NO_REFUND = 100;
const TRIGGER = 'reservations_fine_floor_kept';

/** The bands as config.ts reads them (minHours:percent pairs), or null when the setting does not parse. */
function bandsNow(): { minHours: number; percent: number }[] | null {
  const text = process.env.CANCEL_FINE_BANDS ?? DEFAULT_BANDS;
  const bands = text.split(',').map((part) => part.trim().split(':').map(Number));
  const ok =
    bands.length > 0 &&
    bands.every((b) => b.length === 2 && b.every((n) => Number.isFinite(n) && n >= 0) && (b[1] ?? 101) <= 100);
  if (!ok) return null;
  return bands.map(([minHours, percent]) => ({ minHours: minHours ?? 0, percent: percent ?? NO_REFUND }));
}

interface ChainRow {
  id: number;
  pnr: string;
  kind: string;
  reference_pnr: string | null;
  trip_id: number | null;
  created_at: string;
  /** The time of the stop the row's fine is timed from (fine_from_index, else from_index). */
  fine_time: string | null;
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('reservations')
    .addColumn('fine_floor_percent', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update reservations set fine_floor_percent = ${NO_REFUND} where kind = 'OPEN'`.execute(db);
  // Every row of a chain: what was migrated (reference_pnr) and what it was migrated from (TRIP_MIGRATED 10 and 14).
  const { rows } = await sql<ChainRow>`
    select r.id, r.pnr, r.kind, r.reference_pnr, r.trip_id, r.created_at, ts.time as fine_time
    from reservations r
    left join trip_stops ts on ts.trip_id = r.trip_id and ts.stop_index = coalesce(r.fine_from_index, r.from_index)
    where r.reference_pnr is not null or r.status in (10, 14)
    order by r.id`.execute(db);
  const bands = bandsNow();
  const floorByPnr = new Map<string, number>();
  const source = new Map<string, ChainRow>();
  for (const row of rows) {
    source.set(row.pnr, row);
    let floor = row.kind === 'OPEN' ? NO_REFUND : 0;
    if (row.reference_pnr) {
      const from = source.get(row.reference_pnr);
      // A source not found (never made by the server) is taken as the strictest.
      if (!from || from.trip_id === null || !from.fine_time || !bands) floor = NO_REFUND;
      else {
        const hours = (new Date(from.fine_time).getTime() - new Date(row.created_at).getTime()) / 3_600_000;
        const band = [...bands].sort((a, b) => b.minHours - a.minHours).find((b) => hours >= b.minHours);
        floor = Math.max(floorByPnr.get(from.pnr) ?? 0, band ? band.percent : NO_REFUND);
      }
    }
    floorByPnr.set(row.pnr, floor);
  }
  await createRowTrigger(db, {
    name: TRIGGER,
    table: 'reservations',
    timing: 'before',
    event: 'update of fine_floor_percent',
    when: 'new.fine_floor_percent < old.fine_floor_percent',
    body: refuseStatement(db, 'the fine floor of a ticket is never lowered (migration 0015)'),
  });
  for (const percent of new Set(floorByPnr.values())) {
    if (percent === 0) continue;
    const ids = rows.filter((r) => floorByPnr.get(r.pnr) === percent).map((r) => r.id);
    for (let i = 0; i < ids.length; i += 500) {
      await sql`update reservations set fine_floor_percent = ${percent} where id in (${sql.join(ids.slice(i, i + 500))})`.execute(
        db,
      );
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await dropRowTrigger(db, TRIGGER, 'reservations');
  await sql`alter table reservations drop column fine_floor_percent`.execute(db);
}
