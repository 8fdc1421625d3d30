/**
 * The HTTP API the portal calls, one entry per call. Later issues add
 * their areas (trips, reservations, extra weight, account records, reports)
 * as further tables in the same shape.
 */
import { z } from 'zod';
import type { Endpoint } from './endpoint';
import { authAddresses, lookupAddresses, deviceAddresses, systemAddresses } from './plain/addresses';
import {
  accountSchema,
  changePasswordRequestSchema,
  companyParamsSchema,
  companySchema,
  loginRequestSchema,
  loginResponseSchema,
  profileSchema,
  resetPasswordRequestSchema,
  sendOtpRequestSchema,
  sendOtpResponseSchema,
  verifyOtpRequestSchema,
} from './schemas/auth';
import { healthSchema, idParamSchema, maintenanceStatusSchema, okSchema } from './schemas/common';
import {
  agentOutletSchema,
  busStationRequestSchema,
  busStationSchema,
  citySchema,
  coachTypeSchema,
  countrySchema,
  delayedCancelReasonSchema,
  deviceRegistrationRequestSchema,
  deviceRegistrationResponseSchema,
  routeRequestSchema,
  routeSchema,
} from './schemas/lookup';

const idParams = z.object({ id: idParamSchema });

export const authApi = {
  login: {
    ...authAddresses.login,
    summary: 'Sign in; answers the session token',
    body: loginRequestSchema,
    response: loginResponseSchema,
  },
  logout: {
    ...authAddresses.logout,
    summary: 'End the current session',
    response: okSchema,
  },
  sendOtp: {
    ...authAddresses.sendOtp,
    summary: "Send a password-reset OTP to the user's phone",
    body: sendOtpRequestSchema,
    response: sendOtpResponseSchema,
  },
  verifyOtp: {
    ...authAddresses.verifyOtp,
    summary: 'Check a password-reset OTP',
    body: verifyOtpRequestSchema,
    response: okSchema,
  },
  resetPassword: {
    ...authAddresses.resetPassword,
    summary: 'Set a new password with a verified OTP',
    body: resetPasswordRequestSchema,
    response: okSchema,
  },
  changePassword: {
    ...authAddresses.changePassword,
    summary: "Change the signed-in user's password",
    body: changePasswordRequestSchema,
    response: okSchema,
  },
  profile: {
    ...authAddresses.profile,
    summary: 'The signed-in user, agent, roles and agent settings under a company',
    params: companyParamsSchema,
    response: profileSchema,
  },
  account: {
    ...authAddresses.account,
    summary: "The agent's plan and balance or bill under a company",
    params: companyParamsSchema,
    response: accountSchema,
  },
} as const satisfies Record<string, Endpoint>;

export const lookupApi = {
  countries: {
    ...lookupAddresses.countries,
    summary: 'Countries with dialling codes',
    response: z.array(countrySchema),
  },
  companies: {
    ...lookupAddresses.companies,
    summary: "The signed-in user's companies",
    response: z.array(companySchema),
  },
  /**
   * Served (spec section 7) but not called by the portal, on purpose: every
   * city list it shows is one the agent can sell from or to. The trip search
   * (searchByRoute/searchByCode/details) only answers trips on the agent's
   * assigned routes (TRIP_NOT_ALLOWED otherwise), so its From/To offer
   * agentCities, the cities of those routes; all cities would offer pairs that
   * can never find a trip. No other screen lists cities. (The e2e helpers use
   * it to look up seed data by name.)
   */
  cities: {
    ...lookupAddresses.cities,
    summary: 'All cities',
    response: z.array(citySchema),
  },
  agentCities: {
    ...lookupAddresses.agentCities,
    summary: "Cities on the agent's assigned routes of company :id",
    params: idParams,
    response: z.array(citySchema),
  },
  agentRoutes: {
    ...lookupAddresses.agentRoutes,
    summary: "The agent's assigned routes of company :id",
    params: idParams,
    response: z.array(routeSchema),
  },
  coachTypes: {
    ...lookupAddresses.coachTypes,
    summary: 'The coach types of company :id (those of its active coaches), by name: the trip search filters on them',
    params: idParams,
    response: z.array(coachTypeSchema),
  },
  agentOutlets: {
    ...lookupAddresses.agentOutlets,
    summary:
      "The outlets of the caller's agent, for company :id, by name: the outlet reports (outletSalesByDateRange) accept exactly these",
    params: idParams,
    response: z.array(agentOutletSchema),
  },
  delayedCancelReasons: {
    ...lookupAddresses.delayedCancelReasons,
    summary: 'Reasons an agent may give for a delayed-cancel request',
    response: z.array(delayedCancelReasonSchema),
  },
  busStations: {
    ...lookupAddresses.busStations,
    summary: "Stations of a company's routes, optionally in one city",
    body: busStationRequestSchema,
    response: z.array(busStationSchema),
  },
  /**
   * Served (spec section 7) but not called by the portal, on purpose: it
   * answers all of the company's routes, assigned to the agent or not. The
   * trip search's route filter and the reports' route filter offer agentRoutes,
   * the agent's assigned routes: the trip search refuses any other route and
   * the agent can sell on no other, so the rest would only add choices that
   * find nothing (short of a route taken from the agent after selling on it,
   * whose past sales the reports still show unfiltered). Its city filter
   * (originCityId/destinationCityId) is not needed either: From/To already
   * narrow the trip search itself.
   */
  routes: {
    ...lookupAddresses.routes,
    summary: "A company's routes, optionally between two cities",
    body: routeRequestSchema,
    response: z.array(routeSchema),
  },
} as const satisfies Record<string, Endpoint>;

export const deviceApi = {
  register: {
    ...deviceAddresses.register,
    summary: 'Register this device (answers its status and, once approved, its licence key)',
    body: deviceRegistrationRequestSchema,
    response: deviceRegistrationResponseSchema,
  },
} as const satisfies Record<string, Endpoint>;

export const systemApi = {
  health: {
    ...systemAddresses.health,
    summary: 'Liveness check: answers ok and the server version (public)',
    response: healthSchema,
  },
  ready: {
    ...systemAddresses.ready,
    summary:
      'Readiness check for a load balancer: ok and the version once this process reads its database; 503 DATABASE_UNAVAILABLE or DATABASE_BUSY when it cannot (public)',
    response: healthSchema,
  },
  maintenance: {
    ...systemAddresses.maintenance,
    summary:
      "The operator's maintenance switch: on or off, the message (messageBn: its Bengali version) and since when; while on, calls that move money or seats answer 503 SALES_RESTRICTED (public, an extension of this server)",
    response: maintenanceStatusSchema,
  },
} as const satisfies Record<string, Endpoint>;
