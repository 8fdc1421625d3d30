/**
 * The selling side of the demo world, as data: which seat layout each coach
 * type gets, when trips leave, fare levels, coupons. Times are local to the
 * company's time zone.
 */
import type { SeatType } from '@agent-portal/contract';

export const LAYOUT_BY_COACH_TYPE: Record<string, string> = {
  'AC Sleeper': 'SLEEPER_2DECK',
  'AC Business': 'BUSINESS_2X1',
  'Non-AC Seater': 'STANDARD_2X2',
};

/**
 * Departures a day per route, minutes after local midnight (07:00, 15:00, 22:30), each route 10 minutes later than the
 * one before.
 */
export const DEPARTURE_SLOTS = [7 * 60, 15 * 60, 22 * 60 + 30];
/**
 * Routes (company/code) with departures of their own besides the common
 * slots: PADMA's night coach to Sylhet leaves at 01:30 (02:00 after its
 * route's shift), so its trip date is the day it leaves, not the evening
 * before.
 */
export const EXTRA_DEPARTURE_SLOTS: Record<string, number[]> = { 'PADMA/DHK-SYL': [90] };

/**
 * The route of the demo's coach leaving soon (inside the last fine band, past
 * the cancellation cut-off but before departure).
 */
export const DEMO_DEPARTURE_SOON = { company: 'PADMA', route: 'DHK-CTG' } as const;

/** Each route's departures shift by this much per route, so no coach leaves twice at one minute. */
export const ROUTE_SLOT_SHIFT_MINUTES = 10;

/** Minutes per leg and the leg's fare weight, by route code; the default is one weighted leg per gap. */
export const ROUTE_LEGS: Record<string, { minutes: number; weight: number }[]> = {
  'DHK-CTG': [
    { minutes: 120, weight: 1 },
    { minutes: 180, weight: 1.4 },
  ],
  'CTG-DHK': [
    { minutes: 180, weight: 1.4 },
    { minutes: 120, weight: 1 },
  ],
  'DHK-COX': [
    { minutes: 330, weight: 2.4 },
    { minutes: 240, weight: 1.4 },
  ],
  'DHK-SYL': [{ minutes: 300, weight: 2 }],
  'DHK-RAJ': [{ minutes: 330, weight: 2.2 }],
};

/** Taka per unit of leg weight, by seat type: a shorter (intermediate) segment is cheaper. */
export const FARE_PER_WEIGHT: Record<SeatType, number> = {
  Standard: 300,
  Extra: 350,
  Business: 550,
  Sleeper: 800,
  'Sleeper Horizontal': 950,
};

/** Routes (company/code) whose trips refuse sales that start or end at an intermediate stop. */
export const NO_INTERMEDIATE_ROUTES = ['PADMA/DHK-COX'];

/** Per day, the first two departures of this route are a linked coach pair. */
export const LINKED_ROUTE = {
  company: 'PADMA',
  route: 'DHK-CTG',
  note: 'Linked coach: passengers change at Cumilla Bypass',
};

/** Coupons of every company; validity is relative to the seeding day. */
export const DEMO_COUPONS: ReadonlyArray<{
  code: string;
  type: 'FIXED' | 'PERCENT';
  value: number;
  validFromDays: number;
  validUntilDays: number;
  perPhoneLimit: number | null;
}> = [
  { code: 'FLAT50', type: 'FIXED', value: 50, validFromDays: -1, validUntilDays: 365, perPhoneLimit: null },
  { code: 'PCT10', type: 'PERCENT', value: 10, validFromDays: -1, validUntilDays: 365, perPhoneLimit: 1 },
  { code: 'OLD20', type: 'FIXED', value: 20, validFromDays: -60, validUntilDays: -1, perPhoneLimit: null },
];
