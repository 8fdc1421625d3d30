/**
 * The search panel's lookups (cities, routes, stations, coach types, countries): they change rarely, so they stay fresh
 * for long.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import { lookupApi } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';
import { reservationKeys } from './keys';

const LONG = 30 * 60_000;

export const agentCitiesQuery = (companyId: number) =>
  queryOptions({
    queryKey: reservationKeys.agentCities(companyId),
    queryFn: () => callApi(lookupApi.agentCities, { params: { id: companyId } }),
    staleTime: LONG,
  });

export const agentRoutesQuery = (companyId: number) =>
  queryOptions({
    queryKey: reservationKeys.agentRoutes(companyId),
    queryFn: () => callApi(lookupApi.agentRoutes, { params: { id: companyId } }),
    staleTime: LONG,
  });

export const stationsQuery = (companyId: number, cityId: number) =>
  queryOptions({
    queryKey: reservationKeys.stations(companyId, cityId),
    queryFn: () => callApi(lookupApi.busStations, { body: { companyId, cityId } }),
    staleTime: LONG,
  });

/** The company's coach types by name, what the search's coach-type filter offers (before any search). */
export const coachTypesQuery = (companyId: number) =>
  queryOptions({
    queryKey: reservationKeys.coachTypes(companyId),
    queryFn: () => callApi(lookupApi.coachTypes, { params: { id: companyId } }),
    staleTime: LONG,
    select: (types) => types.map((c) => c.name),
  });

/** Bangladesh first: nearly every passenger at these counters has a Bangladeshi number. */
export const countriesQuery = () =>
  queryOptions({
    queryKey: reservationKeys.countries,
    queryFn: () => callApi(lookupApi.countries),
    staleTime: Infinity,
    select: (countries) =>
      [...countries].sort((a, b) => (a.code === 'BD' ? -1 : b.code === 'BD' ? 1 : a.name.localeCompare(b.name))),
  });

export const useAgentCities = (companyId: number) => useQuery(agentCitiesQuery(companyId));
export const useAgentRoutes = (companyId: number) => useQuery(agentRoutesQuery(companyId));
export const useStations = (companyId: number, cityId: number | undefined) =>
  useQuery({ ...stationsQuery(companyId, cityId ?? 0), enabled: cityId !== undefined });
export const useCountries = () => useQuery(countriesQuery());
export const useCoachTypes = (companyId: number) => useQuery(coachTypesQuery(companyId));
