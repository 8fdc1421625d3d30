import type {
  AgentOutlet,
  BusStation,
  City,
  CoachType,
  Company,
  Country,
  DelayedCancelReason,
  Route,
} from '@agent-portal/contract';
import type { Units } from '../../db/units';
import { assertCompany } from '../../http/guards';
import type { Principal } from '../../http/principal';
import type { AgentSettingsService } from '../agent/service';
import { LookupRepository } from './repository';

/** True when the route calls at `origin` and later at `destination` (either may be absent). */
function servesInOrder(route: Route, originCityId?: number, destinationCityId?: number): boolean {
  const cities = route.stations.map((s) => s.cityId);
  const from = originCityId === undefined ? 0 : cities.indexOf(originCityId);
  if (from < 0) return false;
  if (destinationCityId === undefined) return originCityId === undefined || from < cities.length - 1;
  return cities.indexOf(destinationCityId, from + 1) > from;
}

export class LookupService {
  constructor(
    private readonly units: Units,
    private readonly agentSettings: AgentSettingsService,
  ) {}

  countries(): Promise<Country[]> {
    return this.units.read((r) => r.repo(LookupRepository).countries());
  }

  cities(): Promise<City[]> {
    return this.units.read((r) => r.repo(LookupRepository).cities());
  }

  companies(principal: Principal): Promise<Company[]> {
    return this.units.read((r) => r.repo(LookupRepository).companies(principal.companyIds));
  }

  coachTypes(principal: Principal, companyId: number): Promise<CoachType[]> {
    assertCompany(principal, companyId);
    return this.units.read((r) => r.repo(LookupRepository).coachTypes(companyId));
  }

  /** The caller's agent's outlets: those outletSalesByDateRange accepts under this company. */
  agentOutlets(principal: Principal, companyId: number): Promise<AgentOutlet[]> {
    assertCompany(principal, companyId);
    return this.units.read((r) => r.repo(LookupRepository).agentOutlets(principal.agentId));
  }

  delayedCancelReasons(): Promise<DelayedCancelReason[]> {
    return this.units.read((r) => r.repo(LookupRepository).delayedCancelReasons());
  }

  async agentRoutes(principal: Principal, companyId: number): Promise<Route[]> {
    assertCompany(principal, companyId);
    const routeIds = await this.agentSettings.assignedRouteIds(principal.agentId, companyId);
    return this.units.read((r) => r.repo(LookupRepository).routes({ companyId, routeIds }));
  }

  async agentCities(principal: Principal, companyId: number): Promise<City[]> {
    const routes = await this.agentRoutes(principal, companyId);
    const cityIds = [...new Set(routes.flatMap((r) => r.stations.map((s) => s.cityId)))];
    return this.units.read((r) => r.repo(LookupRepository).cities(cityIds));
  }

  busStations(principal: Principal, companyId: number, cityId?: number): Promise<BusStation[]> {
    assertCompany(principal, companyId);
    return this.units.read((r) => r.repo(LookupRepository).stationsOfCompany(companyId, cityId));
  }

  async routes(
    principal: Principal,
    filter: { companyId: number; originCityId?: number | undefined; destinationCityId?: number | undefined },
  ): Promise<Route[]> {
    assertCompany(principal, filter.companyId);
    const routes = await this.units.read((r) => r.repo(LookupRepository).routes({ companyId: filter.companyId }));
    return routes.filter((r) => servesInOrder(r, filter.originCityId, filter.destinationCityId));
  }
}
