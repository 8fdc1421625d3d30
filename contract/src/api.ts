/**
 * The HTTP API the portal calls, one entry per call. Later issues add
 * their areas (trips, reservations, extra weight, account records, reports)
 * as further tables in the same shape.
 */
import { z } from 'zod';
import type { Endpoint } from './endpoint';
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
import { healthSchema, idParamSchema, okSchema } from './schemas/common';
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
    method: 'POST',
    path: '/api/login',
    summary: 'Sign in; answers the session token',
    auth: 'public',
    body: loginRequestSchema,
    response: loginResponseSchema,
  },
  logout: {
    method: 'POST',
    path: '/api/logout',
    summary: 'End the current session',
    auth: 'session',
    response: okSchema,
  },
  sendOtp: {
    method: 'POST',
    path: '/api/sendOtp',
    summary: "Send a password-reset OTP to the user's phone",
    auth: 'public',
    body: sendOtpRequestSchema,
    response: sendOtpResponseSchema,
  },
  verifyOtp: {
    method: 'POST',
    path: '/api/verifyOtp',
    summary: 'Check a password-reset OTP',
    auth: 'public',
    body: verifyOtpRequestSchema,
    response: okSchema,
  },
  resetPassword: {
    method: 'POST',
    path: '/api/resetPassword',
    summary: 'Set a new password with a verified OTP',
    auth: 'public',
    body: resetPasswordRequestSchema,
    response: okSchema,
  },
  changePassword: {
    method: 'POST',
    path: '/api/changePassword',
    summary: "Change the signed-in user's password",
    auth: 'session',
    body: changePasswordRequestSchema,
    response: okSchema,
  },
  profile: {
    method: 'GET',
    path: '/api/profile/:companyId',
    summary: 'The signed-in user, agent, roles and agent settings under a company',
    auth: 'session',
    params: companyParamsSchema,
    response: profileSchema,
  },
  account: {
    method: 'GET',
    path: '/api/account/:companyId',
    summary: "The agent's plan and balance or bill under a company",
    auth: 'session',
    params: companyParamsSchema,
    response: accountSchema,
  },
} as const satisfies Record<string, Endpoint>;

export const lookupApi = {
  countries: {
    method: 'GET',
    path: '/api/lookup/country',
    summary: 'Countries with dialling codes',
    auth: 'session',
    response: z.array(countrySchema),
  },
  companies: {
    method: 'GET',
    path: '/api/lookup/company',
    summary: "The signed-in user's companies",
    auth: 'session',
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
    method: 'GET',
    path: '/api/lookup/city',
    summary: 'All cities',
    auth: 'session',
    response: z.array(citySchema),
  },
  agentCities: {
    method: 'GET',
    path: '/api/lookup/agentCity/:id',
    summary: "Cities on the agent's assigned routes of company :id",
    auth: 'session',
    params: idParams,
    response: z.array(citySchema),
  },
  agentRoutes: {
    method: 'GET',
    path: '/api/lookup/agentRoute/:id',
    summary: "The agent's assigned routes of company :id",
    auth: 'session',
    params: idParams,
    response: z.array(routeSchema),
  },
  coachTypes: {
    method: 'GET',
    path: '/api/lookup/coachTypes/:id',
    summary: 'The coach types of company :id (those of its active coaches), by name: the trip search filters on them',
    auth: 'session',
    params: idParams,
    response: z.array(coachTypeSchema),
  },
  agentOutlets: {
    method: 'GET',
    path: '/api/lookup/agentOutlets/:id',
    summary: "The outlets of the caller's agent, for company :id, by name: the outlet reports (outletSalesByDateRange) accept exactly these",
    auth: 'session',
    params: idParams,
    response: z.array(agentOutletSchema),
  },
  delayedCancelReasons: {
    method: 'GET',
    path: '/api/lookup/delayedCancelReasonList',
    summary: 'Reasons an agent may give for a delayed-cancel request',
    auth: 'session',
    response: z.array(delayedCancelReasonSchema),
  },
  busStations: {
    method: 'POST',
    path: '/api/lookup/busStation',
    summary: "Stations of a company's routes, optionally in one city",
    auth: 'session',
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
    method: 'POST',
    path: '/api/lookup/route',
    summary: "A company's routes, optionally between two cities",
    auth: 'session',
    body: routeRequestSchema,
    response: z.array(routeSchema),
  },
} as const satisfies Record<string, Endpoint>;

export const deviceApi = {
  register: {
    method: 'POST',
    path: '/api/mobileDevices/register',
    summary: 'Register this device (answers its status and, once approved, its licence key)',
    auth: 'public',
    body: deviceRegistrationRequestSchema,
    response: deviceRegistrationResponseSchema,
  },
} as const satisfies Record<string, Endpoint>;

export const systemApi = {
  health: {
    method: 'GET',
    path: '/api/health',
    summary: 'Liveness check: answers ok and the server version (public)',
    auth: 'public',
    response: healthSchema,
  },
} as const satisfies Record<string, Endpoint>;
