/** Query keys of the reservation screen's server state. */
export const reservationKeys = {
  agentCities: (companyId: number) => ['reservation', 'agent-cities', companyId] as const,
  agentRoutes: (companyId: number) => ['reservation', 'agent-routes', companyId] as const,
  stations: (companyId: number, cityId: number) => ['reservation', 'stations', companyId, cityId] as const,
  coachTypes: (companyId: number) => ['reservation', 'coach-types', companyId] as const,
  countries: ['reservation', 'countries'] as const,
  fareQuote: (body: object) => ['reservation', 'fare-quote', body] as const,
  trips: (search: object) => ['reservation', 'trips', search] as const,
  tripDetails: (tripId: number, originStationId: number, destinationStationId: number) =>
    ['reservation', 'trip-details', tripId, originStationId, destinationStationId] as const,
  tripDetailsOf: (tripId: number) => ['reservation', 'trip-details', tripId] as const,
  manifest: (tripId: number) => ['reservation', 'manifest', tripId] as const,
  extraWeight: (companyId: number, tripId: number) => ['reservation', 'extra-weight', companyId, tripId] as const,
};
