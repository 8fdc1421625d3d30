import { z } from 'zod';
import { idSchema } from './common';
import { deviceStatusSchema, deviceTypeSchema } from '../enums';

export const countrySchema = z.object({ id: idSchema, code: z.string(), name: z.string(), dialCode: z.string() });
export const citySchema = z.object({ id: idSchema, name: z.string(), nameBn: z.string() });
/** A kind of coach (AC Sleeper, Non-AC Seater...): the trip search filters by its name. */
export const coachTypeSchema = z.object({ id: idSchema, name: z.string() });
export type CoachType = z.infer<typeof coachTypeSchema>;
/** One of the caller's agent's outlets (counters): the outlet reports take one of them. */
export const agentOutletSchema = z.object({ id: idSchema, code: z.string(), name: z.string() });
export type AgentOutlet = z.infer<typeof agentOutletSchema>;
export const busStationSchema = z.object({
  id: idSchema,
  name: z.string(),
  nameBn: z.string(),
  cityId: idSchema,
  cityName: z.string(),
});
export const routeSchema = z.object({
  id: idSchema,
  code: z.string(),
  name: z.string(),
  companyId: idSchema,
  /** Ordered stops, origin first. */
  stations: z.array(z.object({ stationId: idSchema, name: z.string(), cityId: idSchema, cityName: z.string() })),
});
export const delayedCancelReasonSchema = z.object({ id: idSchema, reason: z.string(), reasonBn: z.string() });

export const busStationRequestSchema = z.object({
  companyId: idSchema,
  cityId: idSchema.optional(),
});
export const routeRequestSchema = z.object({
  companyId: idSchema,
  originCityId: idSchema.optional(),
  destinationCityId: idSchema.optional(),
});

export type Country = z.infer<typeof countrySchema>;
export type City = z.infer<typeof citySchema>;
export type BusStation = z.infer<typeof busStationSchema>;
export type Route = z.infer<typeof routeSchema>;
export type DelayedCancelReason = z.infer<typeof delayedCancelReasonSchema>;

export const deviceRegistrationRequestSchema = z.object({
  deviceId: z.string().trim().min(8).max(200),
  /** The specification's default: a registration that names no type is the agents' Android app. */
  deviceType: deviceTypeSchema.default('AGENT_ANDROID'),
  /**
   * The secret this device was handed when it first registered: only with it does a known device get its licence key
   * again.
   */
  deviceSecret: z.string().min(1).max(200).optional(),
});
export const deviceRegistrationResponseSchema = z.object({
  deviceId: z.string(),
  deviceType: deviceTypeSchema,
  status: deviceStatusSchema,
  /**
   * Issued once the device is approved; answered only to the registration
   * that created the device and to one that proves its deviceSecret (null
   * to anyone else naming a known device id).
   */
  licenceKey: z.string().nullable(),
  /** Only in the answer that first registered the device: keep it secret, send it with every later registration. */
  deviceSecret: z.string().optional(),
});
export type DeviceRegistration = z.infer<typeof deviceRegistrationResponseSchema>;
