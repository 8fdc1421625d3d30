/**
 * Selling engine (issue #3): seat layouts, trips and stop times, fare
 * tables, reservations and their seats, seat locks, coupons, commissions,
 * idempotency keys, print actions, delayed-cancel requests, reservation
 * history and known passengers. Frozen: later changes go into new
 * migrations. Kysely<any> on purpose, as in 0001.
 */
import { sql, type Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any */
export async function up(db: Kysely<any>): Promise<void> {
  const id = (col: any) => col.primaryKey().autoIncrement();

  await db.schema
    .createTable('coach_layouts')
    .addColumn('coach_id', 'integer', (c) => c.primaryKey().references('coaches.id'))
    .addColumn('layout_key', 'text', (c) => c.notNull())
    .addColumn('driver_side', 'text', (c) => c.notNull().check(sql`driver_side in ('LEFT', 'RIGHT')`))
    .execute();

  await db.schema
    .createTable('trips')
    .addColumn('id', 'integer', id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('coach_id', 'integer', (c) => c.notNull().references('coaches.id'))
    .addColumn('route_id', 'integer', (c) => c.notNull().references('routes.id'))
    .addColumn('trip_date', 'text', (c) => c.notNull())
    .addColumn('departure_at', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c
        .notNull()
        .defaultTo('OPEN')
        .check(sql`state in ('OPEN', 'CLOSED', 'OMITTED', 'OMIT_PENDING')`),
    )
    .addColumn('allow_intermediate', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('linked_trip_id', 'integer', (c) => c.references('trips.id'))
    .addColumn('linked_note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('trips_route_coach_departure_unique', ['route_id', 'coach_id', 'departure_at'])
    .execute();
  await db.schema.createIndex('trips_company_date_idx').on('trips').columns(['company_id', 'trip_date']).execute();

  await db.schema
    .createTable('trip_stops')
    .addColumn('trip_id', 'integer', (c) => c.notNull().references('trips.id').onDelete('cascade'))
    .addColumn('stop_index', 'integer', (c) => c.notNull())
    .addColumn('station_id', 'integer', (c) => c.notNull().references('stations.id'))
    .addColumn('time', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('trip_stops_pk', ['trip_id', 'stop_index'])
    .execute();

  // A fare row belongs to one trip, or to a route and coach type (trip_id null).
  await db.schema
    .createTable('fares')
    .addColumn('id', 'integer', id)
    .addColumn('trip_id', 'integer', (c) => c.references('trips.id').onDelete('cascade'))
    .addColumn('route_id', 'integer', (c) => c.notNull().references('routes.id'))
    .addColumn('coach_type_id', 'integer', (c) => c.references('coach_types.id'))
    .addColumn('from_index', 'integer', (c) => c.notNull())
    .addColumn('to_index', 'integer', (c) => c.notNull())
    .addColumn('seat_type', 'text', (c) => c.notNull())
    .addColumn('fare_minor', 'integer', (c) => c.notNull().check(sql`fare_minor >= 0`))
    .execute();
  await db.schema
    .createIndex('fares_route_idx')
    .on('fares')
    .columns(['route_id', 'coach_type_id', 'from_index', 'to_index'])
    .execute();
  await db.schema.createIndex('fares_trip_idx').on('fares').columns(['trip_id']).execute();

  await db.schema
    .createTable('coupons')
    .addColumn('id', 'integer', id)
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('code', 'text', (c) => c.notNull().modifyEnd(sql`collate nocase`))
    .addColumn('coupon_type', 'text', (c) => c.notNull().check(sql`coupon_type in ('FIXED', 'PERCENT')`))
    .addColumn('value_hundredths', 'integer', (c) => c.notNull().check(sql`value_hundredths > 0`))
    .addColumn('route_id', 'integer', (c) => c.references('routes.id'))
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_until', 'text', (c) => c.notNull())
    .addColumn('per_phone_limit', 'integer')
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addUniqueConstraint('coupons_company_code_unique', ['company_id', 'code'])
    .execute();

  await db.schema
    .createTable('reservations')
    .addColumn('id', 'integer', id)
    .addColumn('pnr', 'text', (c) => c.notNull().unique())
    .addColumn('pin_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('trip_id', 'integer', (c) => c.references('trips.id'))
    .addColumn('route_id', 'integer', (c) => c.notNull().references('routes.id'))
    .addColumn('from_index', 'integer', (c) => c.notNull())
    .addColumn('to_index', 'integer', (c) => c.notNull())
    .addColumn('origin_station_id', 'integer', (c) => c.notNull().references('stations.id'))
    .addColumn('destination_station_id', 'integer', (c) => c.notNull().references('stations.id'))
    .addColumn('passenger_name', 'text', (c) => c.notNull())
    .addColumn('passenger_phone', 'text', (c) => c.notNull())
    .addColumn('passenger_country', 'text', (c) => c.notNull())
    .addColumn('passenger_email', 'text')
    .addColumn('passenger_remarks', 'text')
    .addColumn('agent_id', 'integer', (c) => c.references('agents.id'))
    .addColumn('outlet_id', 'integer', (c) => c.references('outlets.id'))
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('fare_minor', 'integer', (c) => c.notNull())
    .addColumn('discount_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('charged_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('coupon_id', 'integer', (c) => c.references('coupons.id'))
    .addColumn('reference_pnr', 'text')
    .addColumn('expires_at', 'text')
    .addColumn('print_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reservations_user_idx')
    .on('reservations')
    .columns(['user_id', 'company_id', 'id'])
    .execute();
  await db.schema.createIndex('reservations_trip_idx').on('reservations').columns(['trip_id', 'status']).execute();
  await db.schema.createIndex('reservations_expiry_idx').on('reservations').columns(['status', 'expires_at']).execute();
  await db.schema.createIndex('reservations_reference_idx').on('reservations').columns(['reference_pnr']).execute();

  await db.schema
    .createTable('reservation_seats')
    .addColumn('id', 'integer', id)
    .addColumn('reservation_id', 'integer', (c) => c.notNull().references('reservations.id'))
    .addColumn('trip_id', 'integer', (c) => c.references('trips.id'))
    .addColumn('seat_name', 'text', (c) => c.notNull())
    .addColumn('seat_type', 'text', (c) => c.notNull())
    .addColumn('from_index', 'integer', (c) => c.notNull())
    .addColumn('to_index', 'integer', (c) => c.notNull())
    .addColumn('fare_minor', 'integer', (c) => c.notNull())
    .addColumn('discount_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('commission_minor', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'integer', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  // The overlap check reads the active seats of one trip and seat name: a
  // partial index keeps it to the few rows that can still collide.
  await sql`create index reservation_seats_occupancy_idx on reservation_seats (trip_id, seat_name, from_index, to_index) where active = 1`.execute(
    db,
  );
  await db.schema
    .createIndex('reservation_seats_reservation_idx')
    .on('reservation_seats')
    .columns(['reservation_id'])
    .execute();

  await db.schema
    .createTable('seat_locks')
    .addColumn('trip_id', 'integer', (c) => c.notNull().references('trips.id'))
    .addColumn('seat_name', 'text', (c) => c.notNull())
    .addColumn('from_index', 'integer', (c) => c.notNull())
    .addColumn('to_index', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('seat_locks_pk', ['trip_id', 'seat_name', 'user_id'])
    .execute();

  await db.schema
    .createTable('coupon_uses')
    .addColumn('id', 'integer', id)
    .addColumn('coupon_id', 'integer', (c) => c.notNull().references('coupons.id'))
    .addColumn('phone', 'text', (c) => c.notNull())
    .addColumn('reservation_id', 'integer', (c) => c.notNull().references('reservations.id'))
    .addColumn('trip_id', 'integer', (c) => c.references('trips.id'))
    .addColumn('active', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('coupon_uses_phone_idx').on('coupon_uses').columns(['coupon_id', 'phone']).execute();

  // Signed amounts: a sale credits a positive row, a cancel a negative one,
  // so the unpaid total is a plain sum.
  await db.schema
    .createTable('commissions')
    .addColumn('id', 'integer', id)
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('reservation_id', 'integer', (c) => c.notNull().references('reservations.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('rate_hundredths', 'integer')
    .addColumn('commission_type', 'text')
    .addColumn('amount_minor', 'integer', (c) => c.notNull())
    .addColumn('paid', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_at', 'text')
    .addColumn('employee', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('commissions_agent_idx')
    .on('commissions')
    .columns(['agent_id', 'company_id', 'paid'])
    .execute();

  await db.schema
    .createTable('idempotency_keys')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('response_json', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['user_id', 'key'])
    .execute();

  await db.schema
    .createTable('print_actions')
    .addColumn('id', 'integer', id)
    .addColumn('reservation_id', 'integer', (c) => c.notNull().references('reservations.id'))
    .addColumn('print_type', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('delayed_cancel_requests')
    .addColumn('id', 'integer', id)
    .addColumn('reservation_id', 'integer', (c) => c.notNull().references('reservations.id'))
    .addColumn('reason_id', 'integer', (c) => c.notNull().references('delayed_cancel_reasons.id'))
    .addColumn('remarks', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('PENDING'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('reservation_events')
    .addColumn('id', 'integer', id)
    .addColumn('reservation_id', 'integer', (c) => c.notNull().references('reservations.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id'))
    .addColumn('outlet_id', 'integer', (c) => c.references('outlets.id'))
    .addColumn('amount_minor', 'integer')
    .addColumn('remarks', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('reservation_events_reservation_idx')
    .on('reservation_events')
    .columns(['reservation_id', 'id'])
    .execute();

  await db.schema
    .createTable('known_passengers')
    .addColumn('phone', 'text', (c) => c.primaryKey())
    .addColumn('country_code', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  const tables = [
    'known_passengers',
    'reservation_events',
    'delayed_cancel_requests',
    'print_actions',
    'idempotency_keys',
    'commissions',
    'coupon_uses',
    'seat_locks',
    'reservation_seats',
    'reservations',
    'coupons',
    'fares',
    'trip_stops',
    'trips',
    'coach_layouts',
  ];
  for (const table of tables) await db.schema.dropTable(table).ifExists().execute();
}
