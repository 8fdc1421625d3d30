import { PERMISSIONS } from '@agent-portal/contract';
import { describe, expect, it } from 'vitest';
import { homepageFor, permissionsOf, visibleEntries } from '../lib/access';
import { profileWith } from '../test/fixtures';
import { MENU_ENTRIES, PROTECTED_ROUTES, ROUTE_TABLE } from './route-table';

describe('the route table', () => {
  it('has every screen of the portal exactly once', () => {
    const paths = ROUTE_TABLE.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/login',
        '/forgot-password',
        '/error/401',
        '/error/403',
        '/error/404',
        '/error/500',
        '/',
        '/profile',
        '/change-password',
        '/reservation',
        '/ticket-operation',
        '/print-unprinted-ticket',
        '/extra-weight-charge',
        '/extra-weight-return',
        '/deposit',
        '/transaction',
        '/commission',
        '/report/sales-summary',
        '/report/sales-details',
        '/report/outlet-sales',
        '/report/outlet-date-range-sales',
        '/report/outlet-details-sales-date-range',
        '/report/omitted-trips-reservation-details',
        '/report/agent-reservation-details',
        '/report/agent-reservation-history',
      ]),
    );
  });

  it('puts operations before reports in the drawer, and every drawer entry behind a permission', () => {
    const groups = MENU_ENTRIES.map((e) => e.menu);
    expect(groups.indexOf('reports')).toBeGreaterThan(groups.lastIndexOf('operations'));
    expect(MENU_ENTRIES.filter((e) => e.menu === 'reports')).toHaveLength(8);
    expect(MENU_ENTRIES.every((e) => e.access !== undefined)).toBe(true);
  });

  it('shows a reservation-only seller just the reservation entry, which is their homepage', () => {
    const seller = profileWith(['AGENT_CREATE_RESERVATION', 'AGENT_CREATE_BOOKING']);
    expect(visibleEntries(MENU_ENTRIES, permissionsOf(seller)).map((e) => e.path)).toEqual(['/reservation']);
    expect(homepageFor(seller, MENU_ENTRIES, PROTECTED_ROUTES)).toBe('/reservation');
  });

  it('shows a report-only user the reports group and starts them on its first report', () => {
    const analyst = profileWith(['AGENT_REPORT_OUTLET_SALES', 'AGENT_REPORT_RESERVATION_HISTORY']);
    expect(visibleEntries(MENU_ENTRIES, permissionsOf(analyst)).map((e) => e.path)).toEqual([
      '/report/outlet-sales',
      '/report/agent-reservation-history',
    ]);
    expect(homepageFor(analyst, MENU_ENTRIES, PROTECTED_ROUTES)).toBe('/report/outlet-sales');
  });

  it('shows a user with every permission all sixteen entries', () => {
    expect(visibleEntries(MENU_ENTRIES, permissionsOf(profileWith([...PERMISSIONS])))).toHaveLength(16);
  });
});
