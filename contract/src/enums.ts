/**
 * The zod schemas of the enumerations; their values (reservation and seat
 * statuses, seat types, actions, device types and statuses, plans,
 * permissions) are in plain/enums.ts and plain/permissions.ts.
 */
import { z } from 'zod';
import { DEVICE_STATUSES, DEVICE_TYPES, ReservationStatus, SEAT_TYPES } from './plain/enums';
import { PERMISSIONS } from './plain/permissions';

export const reservationStatusSchema = z.union(
  Object.values(ReservationStatus).map((v) => z.literal(v)) as [
    z.ZodLiteral<ReservationStatus>,
    ...z.ZodLiteral<ReservationStatus>[],
  ],
);
export const seatTypeSchema = z.enum(SEAT_TYPES);
export const deviceTypeSchema = z.enum(DEVICE_TYPES);
export const deviceStatusSchema = z.enum(DEVICE_STATUSES);
export const planNameSchema = z.string().min(1);
export type PlanName = z.infer<typeof planNameSchema>;
export const permissionSchema = z.enum(PERMISSIONS);
