/** The trip search form: its values and the rules the form and its tests share. */
import type { Dayjs } from 'dayjs';

export interface SearchValues {
  tripDate: Dayjs | null;
  originCityId?: number;
  destinationCityId?: number;
  droppingPointId?: number;
  coachType?: string;
  routeId?: number;
  coachCode?: string;
}

export type SearchError = 'originRequired' | 'destinationRequired' | 'sameCity' | 'dateRequired';

/**
 * A search by coach code needs only the date; a search by route needs both
 * cities, and they must differ. Keys of reservation:search.errors.
 */
export function searchErrors(
  values: SearchValues,
): Partial<Record<'tripDate' | 'originCityId' | 'destinationCityId', SearchError>> {
  const errors: Partial<Record<'tripDate' | 'originCityId' | 'destinationCityId', SearchError>> = {};
  if (!values.tripDate) errors.tripDate = 'dateRequired';
  const byCode = Boolean(values.coachCode?.trim());
  if (!byCode && values.originCityId === undefined) errors.originCityId = 'originRequired';
  if (!byCode && values.destinationCityId === undefined) errors.destinationCityId = 'destinationRequired';
  if (values.originCityId !== undefined && values.originCityId === values.destinationCityId)
    errors.destinationCityId = 'sameCity';
  return errors;
}
