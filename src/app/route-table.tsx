/**
 * THE route table. One entry per screen: its path, where it sits (scope and
 * menu group), its title key, icon, permissions, lazily loaded page and the
 * texts (i18n namespaces) that load with it. It
 * drives the router (router.tsx), the drawer (use-menu.ts) and the guards.
 */
import type { ComponentType } from 'react';
import type { MenuIconName } from '../components/menu-icons';
import { RESERVATION_PERMISSIONS, TICKET_OPERATION_PERMISSIONS } from '../lib/contract';
import type { AccessRule } from '../lib/access';

/** guest: only when signed out (sign-in, password reset); public: anyone; main/report: signed in. */
export type RouteScope = 'guest' | 'public' | 'main' | 'report';
export type MenuGroup = 'operations' | 'reports';
export type PageLoader = () => Promise<ComponentType>;

export interface RouteEntry {
  path: string;
  scope: RouteScope;
  /** i18n key (namespace menu) of the title shown in the drawer and the document title. */
  titleKey: string;
  menu?: MenuGroup;
  /** Named, not imported: icons load with the signed-in shell, not with the sign-in page. */
  icon?: MenuIconName;
  access?: AccessRule;
  page: PageLoader;
  /**
   * The i18n namespaces the page uses beyond the start-up ones (common, errors,
   * menu: lib/i18n/namespaces.ts). They load with the page's chunk and the
   * route waits for both (route-texts.test.ts checks the list against the
   * page's modules).
   */
  texts?: readonly string[];
  /**
   * The page uses no antd (the sign-in page): it renders without antd's
   * configuration, so its route loads no antd. Every other page outside the
   * signed-in shell gets it (AntdScope) with its own chunk; the pages in the
   * shell get it from the shell.
   */
  plain?: boolean;
}

const REPORT_TEXTS = ['reports', 'records'];

const report = (
  path: string,
  titleKey: string,
  permission: AccessRule,
  icon: MenuIconName,
  page: PageLoader,
): RouteEntry => ({
  path: `/report/${path}`,
  scope: 'report',
  titleKey: `reports.${titleKey}`,
  menu: 'reports',
  icon,
  access: permission,
  page,
  texts: REPORT_TEXTS,
});

const reports = () => import('../features/reports/report-pages');

/**
 * No route: what a session whose password expired while signed in shows instead of the shell
 * (guards/require-auth.tsx), with the auth texts; kept here with the other lazy pages.
 */
export const EXPIRED_PASSWORD_PAGE = {
  texts: ['auth'],
  page: () => import('../features/auth/expired-password-page').then((m) => m.ExpiredPasswordPage),
} as const;

const errors = () => import('../features/errors/error-pages');

export const ROUTE_TABLE: readonly RouteEntry[] = [
  {
    path: '/login',
    scope: 'guest',
    titleKey: 'login',
    plain: true,
    texts: ['auth'],
    page: () => import('../features/auth/login-page').then((m) => m.LoginPage),
  },
  {
    path: '/forgot-password',
    scope: 'guest',
    titleKey: 'forgotPassword',
    texts: ['auth'],
    page: () => import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
  },
  {
    path: '/error/401',
    scope: 'public',
    titleKey: 'errors.unauthorized',
    page: () => errors().then((m) => m.UnauthorizedPage),
  },
  {
    path: '/error/403',
    scope: 'public',
    titleKey: 'errors.forbidden',
    page: () => errors().then((m) => m.ForbiddenPage),
  },
  {
    path: '/error/404',
    scope: 'public',
    titleKey: 'errors.notFound',
    page: () => errors().then((m) => m.NotFoundPage),
  },
  {
    path: '/error/500',
    scope: 'public',
    titleKey: 'errors.serverError',
    page: () => errors().then((m) => m.ServerErrorPage),
  },

  {
    path: '/',
    scope: 'main',
    titleKey: 'home',
    texts: ['home'],
    page: () => import('./routes/home-route').then((m) => m.HomeRoute),
  },
  {
    path: '/profile',
    scope: 'main',
    titleKey: 'profile',
    texts: ['profile'],
    page: () => import('../features/profile/profile-page').then((m) => m.ProfilePage),
  },
  {
    path: '/change-password',
    scope: 'main',
    titleKey: 'changePassword',
    texts: ['auth'],
    page: () => import('../features/auth/change-password-page').then((m) => m.ChangePasswordPage),
  },
  {
    // Desktop shell only: reached from the user menu, which offers it only in the shell; in a browser it redirects
    // home.
    path: '/settings',
    scope: 'main',
    titleKey: 'settings',
    texts: ['settings'],
    page: () => import('./routes/settings-route').then((m) => m.SettingsRoute),
  },
  {
    path: '/reservation',
    scope: 'main',
    titleKey: 'reservation',
    menu: 'operations',
    icon: 'reservation',
    access: { anyOf: RESERVATION_PERMISSIONS },
    texts: ['reservation', 'seat-map'],
    page: () => import('../features/reservation/reservation-page').then((m) => m.ReservationPage),
  },
  {
    path: '/ticket-operation',
    scope: 'main',
    titleKey: 'ticketOperation',
    menu: 'operations',
    icon: 'ticketOperation',
    access: { anyOf: TICKET_OPERATION_PERMISSIONS },
    texts: ['ticket-operation'],
    page: () => import('../features/ticket-operation/ticket-operation-page').then((m) => m.TicketOperationPage),
  },
  {
    path: '/print-unprinted-ticket',
    scope: 'main',
    titleKey: 'printUnprintedTicket',
    menu: 'operations',
    icon: 'print',
    access: { anyOf: ['AGENT_PRINT_TICKET'] },
    texts: ['records'],
    page: () => import('../features/unprinted/unprinted-page').then((m) => m.UnprintedTicketPage),
  },
  {
    path: '/extra-weight-charge',
    scope: 'main',
    titleKey: 'extraWeightCharge',
    menu: 'operations',
    icon: 'extraWeightCharge',
    access: { anyOf: ['AGENT_SELL_EXTRA_WEIGHT_CHARGE'] },
    texts: ['records'],
    page: () => import('../features/extra-weight/extra-weight-charge-page').then((m) => m.ExtraWeightChargePage),
  },
  {
    path: '/extra-weight-return',
    scope: 'main',
    titleKey: 'extraWeightReturn',
    menu: 'operations',
    icon: 'extraWeightReturn',
    access: { anyOf: ['AGENT_RETURN_EXTRA_WEIGHT_CHARGE'] },
    texts: ['records'],
    page: () => import('../features/extra-weight/extra-weight-return-page').then((m) => m.ExtraWeightReturnPage),
  },
  {
    path: '/deposit',
    scope: 'main',
    titleKey: 'deposit',
    menu: 'operations',
    icon: 'deposit',
    access: { anyOf: ['AGENT_DEPOSIT_REQUEST'] },
    texts: ['records'],
    page: () => import('../features/deposit/deposit-page').then((m) => m.DepositPage),
  },
  {
    path: '/transaction',
    scope: 'main',
    titleKey: 'transaction',
    menu: 'operations',
    icon: 'transaction',
    access: { anyOf: ['AGENT_VIEW_TRANSACTIONS'] },
    texts: ['records'],
    page: () => import('../features/transaction/transaction-page').then((m) => m.TransactionPage),
  },
  {
    path: '/commission',
    scope: 'main',
    titleKey: 'commission',
    menu: 'operations',
    icon: 'commission',
    access: { anyOf: ['AGENT_VIEW_COMMISSIONS'] },
    texts: ['records'],
    page: () => import('../features/commission/commission-page').then((m) => m.CommissionPage),
  },

  report('sales-summary', 'salesSummary', { anyOf: ['AGENT_REPORT_USER_SALES_SUMMARY'] }, 'salesSummary', () =>
    reports().then((m) => m.SalesSummaryReport),
  ),
  report('sales-details', 'salesDetails', { anyOf: ['AGENT_REPORT_USER_SALES_DETAILS'] }, 'salesDetails', () =>
    reports().then((m) => m.SalesDetailsReport),
  ),
  report('outlet-sales', 'outletSales', { anyOf: ['AGENT_REPORT_OUTLET_SALES'] }, 'outletSales', () =>
    reports().then((m) => m.OutletSalesReport),
  ),
  report(
    'outlet-date-range-sales',
    'outletDateRangeSales',
    { anyOf: ['AGENT_REPORT_OUTLET_SALES_DATE_RANGE'] },
    'outletDateRange',
    () => reports().then((m) => m.OutletDateRangeSalesReport),
  ),
  report(
    'outlet-details-sales-date-range',
    'outletDetailsSalesDateRange',
    { anyOf: ['AGENT_REPORT_OUTLET_SALES_DETAILS_DATE_RANGE'] },
    'outletDetails',
    () => reports().then((m) => m.OutletDetailsSalesDateRangeReport),
  ),
  report(
    'omitted-trips-reservation-details',
    'omittedTripsReservationDetails',
    { anyOf: ['AGENT_REPORT_OMITTED_TRIPS_RESERVATION_DETAILS'] },
    'omittedTrips',
    () => reports().then((m) => m.OmittedTripsReservationDetailsReport),
  ),
  report(
    'agent-reservation-details',
    'agentReservationDetails',
    { anyOf: ['AGENT_REPORT_RESERVATION_DETAILS'] },
    'reservationDetails',
    () => reports().then((m) => m.AgentReservationDetailsReport),
  ),
  report(
    'agent-reservation-history',
    'agentReservationHistory',
    { anyOf: ['AGENT_REPORT_RESERVATION_HISTORY'] },
    'reservationHistory',
    () => reports().then((m) => m.AgentReservationHistoryReport),
  ),
];

/** Drawer entries in drawer order: operations first, then reports. */
export const MENU_ENTRIES: readonly RouteEntry[] = [
  ...ROUTE_TABLE.filter((r) => r.menu === 'operations'),
  ...ROUTE_TABLE.filter((r) => r.menu === 'reports'),
];

/** Routes behind the sign-in, for the homepage and permission checks. */
export const PROTECTED_ROUTES: readonly RouteEntry[] = ROUTE_TABLE.filter(
  (r) => r.scope === 'main' || r.scope === 'report',
);
