import { z } from 'zod';
import { permissionSchema, planNameSchema } from '../enums';
import { okSchema, idParamSchema, idSchema, instantSchema, moneySchema } from './common';

const trimmed = z.string().trim();

export const loginRequestSchema = z.object({
  username: trimmed.min(1).max(100),
  password: z.string().min(1).max(200),
  rememberMe: z.boolean().optional().default(false),
  deviceId: z.string().min(1).max(200).optional(),
  uuid: z.string().min(1).max(200).optional(),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  token: z.string(),
  /** When the session ends if left idle (ISO instant). */
  expiresAt: z.string(),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

export const sendOtpRequestSchema = z.object({ username: trimmed.min(1).max(100) });
export const sendOtpResponseSchema = z.object({
  ok: z.literal(true),
  /** Seconds before another OTP may be asked for. */
  resendAfterSeconds: z.number().int(),
  /** The phone number the OTP went to, masked (e.g. ******4567). */
  maskedPhone: z.string().nullable(),
});
export const verifyOtpRequestSchema = z.object({
  username: trimmed.min(1).max(100),
  otp: z.string().regex(/^\d{6}$/),
});
export const resetPasswordRequestSchema = z.object({
  username: trimmed.min(1).max(100),
  otp: z.string().regex(/^\d{6}$/),
  newPassword: z.string().min(1).max(200),
  confirmPassword: z.string().min(1).max(200),
});
export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1).max(200),
  newPassword: z.string().min(1).max(200),
  confirmPassword: z.string().min(1).max(200),
});
export { okSchema };

export const companySchema = z.object({ id: idSchema, name: z.string(), code: z.string() });
export type Company = z.infer<typeof companySchema>;

const namedSchema = z.object({ id: idSchema, name: z.string() });

export const roleSchema = z.object({
  name: z.string(),
  permissions: z.array(z.object({ name: permissionSchema })),
});

export const planSchema = z.object({ name: planNameSchema, displayName: z.string() });
export type Plan = z.infer<typeof planSchema>;

export const profileSchema = z.object({
  username: z.string(),
  fullName: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  agent: z.object({ id: idSchema, name: z.string(), code: z.string() }),
  outlet: z.object({ id: idSchema, name: z.string(), code: z.string() }),
  company: companySchema,
  /** Days left before the password expires. */
  passwordValidity: z.number().int(),
  roles: z.array(roleSchema),
  /** A path chosen for this user, or null to use the first menu entry they may see. */
  homepage: z.string().nullable(),
  plan: planSchema,
  /** Per coach type: most active seats this agent may hold on one trip (-999 = no limit). */
  coachSeatLimits: z.array(z.object({ coachType: z.string(), limit: z.number().int() })),
  assignedRoutes: z.array(namedSchema.extend({ code: z.string() })),
  routeCommissions: z.array(
    z.object({
      routeId: idSchema,
      routeName: z.string(),
      type: z.enum(['PERCENT', 'FIXED']),
      /** Percent of the fare, or money per seat. */
      value: z.number(),
    }),
  ),
  barredCoaches: z.array(z.object({ coachCode: z.string(), reason: z.string().nullable() })),
  barredOrigins: z.array(z.object({ stationId: idSchema, stationName: z.string(), cityName: z.string() })),
  /**
   * The company's IANA time zone (for example Asia/Dhaka): every instant a
   * person reads (screens, tickets, receipts, reports) is shown in it, and its
   * calendar decides trip dates, "today" and cut-offs, whatever zone the PC's
   * clock is set to.
   */
  timeZone: z.string().min(1),
  /** The server's "now" when it answered: the portal measures its own clock's offset against it. */
  serverTime: instantSchema,
});
export type Profile = z.infer<typeof profileSchema>;

export const accountSchema = z.object({
  companyId: idSchema,
  plan: planSchema,
  /** Prepaid money available (may be negative only for postpaid plans). */
  balance: moneySchema,
  /** What a postpaid agent owes; 0 for prepaid. */
  bill: moneySchema,
  /** Most a postpaid bill may grow to; null for prepaid. */
  creditLimit: moneySchema.nullable(),
  currency: z.object({ code: z.string(), symbol: z.string() }),
});
export type Account = z.infer<typeof accountSchema>;

export const companyParamsSchema = z.object({ companyId: idParamSchema });
