/**
 * THE route table. One entry per screen: its path, where it sits (scope and
 * menu group), its title key, icon, permissions and lazily loaded page. It
 * drives the router (router.tsx), the drawer (use-menu.ts) and the guards.
 */
import type { ComponentType } from 'react';
import {
  BarChartOutlined,
  CalendarOutlined,
  DollarOutlined,
  FileSearchOutlined,
  FileTextOutlined,
  HistoryOutlined,
  InboxOutlined,
  PercentageOutlined,
  PrinterOutlined,
  RollbackOutlined,
  ShopOutlined,
  StopOutlined,
  SwapOutlined,
  TransactionOutlined,
  WalletOutlined,
  ScheduleOutlined,
} from '@ant-design/icons';
import { RESERVATION_PERMISSIONS, TICKET_OPERATION_PERMISSIONS } from '@agent-portal/contract';
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
  icon?: ComponentType;
  access?: AccessRule;
  page: PageLoader;
}

const report = (path: string, titleKey: string, permission: AccessRule, icon: ComponentType, page: PageLoader): RouteEntry => ({
  path: `/report/${path}`,
  scope: 'report',
  titleKey: `reports.${titleKey}`,
  menu: 'reports',
  icon,
  access: permission,
  page,
});

const reports = () => import('../features/reports/report-pages');
const errors = () => import('../features/errors/error-pages');

export const ROUTE_TABLE: readonly RouteEntry[] = [
  { path: '/login', scope: 'guest', titleKey: 'login', page: () => import('../features/auth/login-page').then((m) => m.LoginPage) },
  {
    path: '/forgot-password',
    scope: 'guest',
    titleKey: 'forgotPassword',
    page: () => import('../features/auth/forgot-password-page').then((m) => m.ForgotPasswordPage),
  },
  { path: '/error/401', scope: 'public', titleKey: 'errors.unauthorized', page: () => errors().then((m) => m.UnauthorizedPage) },
  { path: '/error/403', scope: 'public', titleKey: 'errors.forbidden', page: () => errors().then((m) => m.ForbiddenPage) },
  { path: '/error/404', scope: 'public', titleKey: 'errors.notFound', page: () => errors().then((m) => m.NotFoundPage) },
  { path: '/error/500', scope: 'public', titleKey: 'errors.serverError', page: () => errors().then((m) => m.ServerErrorPage) },

  { path: '/', scope: 'main', titleKey: 'home', page: () => import('./routes/home-route').then((m) => m.HomeRoute) },
  { path: '/profile', scope: 'main', titleKey: 'profile', page: () => import('../features/profile/profile-page').then((m) => m.ProfilePage) },
  {
    path: '/change-password',
    scope: 'main',
    titleKey: 'changePassword',
    page: () => import('../features/auth/change-password-page').then((m) => m.ChangePasswordPage),
  },
  {
    path: '/reservation',
    scope: 'main',
    titleKey: 'reservation',
    menu: 'operations',
    icon: ScheduleOutlined,
    access: { anyOf: RESERVATION_PERMISSIONS },
    page: () => import('../features/reservation/reservation-page').then((m) => m.ReservationPage),
  },
  {
    path: '/ticket-operation',
    scope: 'main',
    titleKey: 'ticketOperation',
    menu: 'operations',
    icon: SwapOutlined,
    access: { anyOf: TICKET_OPERATION_PERMISSIONS },
    page: () => import('../features/ticket-operation/ticket-operation-page').then((m) => m.TicketOperationPage),
  },
  {
    path: '/print-unprinted-ticket',
    scope: 'main',
    titleKey: 'printUnprintedTicket',
    menu: 'operations',
    icon: PrinterOutlined,
    access: { anyOf: ['AGENT_PRINT_TICKET'] },
    page: () => import('../features/unprinted/unprinted-page').then((m) => m.UnprintedTicketPage),
  },
  {
    path: '/extra-weight-charge',
    scope: 'main',
    titleKey: 'extraWeightCharge',
    menu: 'operations',
    icon: InboxOutlined,
    access: { anyOf: ['AGENT_SELL_EXTRA_WEIGHT_CHARGE'] },
    page: () => import('../features/extra-weight/extra-weight-pages').then((m) => m.ExtraWeightChargePage),
  },
  {
    path: '/extra-weight-return',
    scope: 'main',
    titleKey: 'extraWeightReturn',
    menu: 'operations',
    icon: RollbackOutlined,
    access: { anyOf: ['AGENT_RETURN_EXTRA_WEIGHT_CHARGE'] },
    page: () => import('../features/extra-weight/extra-weight-pages').then((m) => m.ExtraWeightReturnPage),
  },
  {
    path: '/deposit',
    scope: 'main',
    titleKey: 'deposit',
    menu: 'operations',
    icon: WalletOutlined,
    access: { anyOf: ['AGENT_DEPOSIT_REQUEST'] },
    page: () => import('../features/deposit/deposit-page').then((m) => m.DepositPage),
  },
  {
    path: '/transaction',
    scope: 'main',
    titleKey: 'transaction',
    menu: 'operations',
    icon: TransactionOutlined,
    access: { anyOf: ['AGENT_VIEW_TRANSACTIONS'] },
    page: () => import('../features/transaction/transaction-page').then((m) => m.TransactionPage),
  },
  {
    path: '/commission',
    scope: 'main',
    titleKey: 'commission',
    menu: 'operations',
    icon: PercentageOutlined,
    access: { anyOf: ['AGENT_VIEW_COMMISSIONS'] },
    page: () => import('../features/commission/commission-page').then((m) => m.CommissionPage),
  },

  report('sales-summary', 'salesSummary', { anyOf: ['AGENT_REPORT_USER_SALES_SUMMARY'] }, BarChartOutlined, () =>
    reports().then((m) => m.SalesSummaryReport),
  ),
  report('sales-details', 'salesDetails', { anyOf: ['AGENT_REPORT_USER_SALES_DETAILS'] }, FileTextOutlined, () =>
    reports().then((m) => m.SalesDetailsReport),
  ),
  report('outlet-sales', 'outletSales', { anyOf: ['AGENT_REPORT_OUTLET_SALES'] }, ShopOutlined, () =>
    reports().then((m) => m.OutletSalesReport),
  ),
  report('outlet-date-range-sales', 'outletDateRangeSales', { anyOf: ['AGENT_REPORT_OUTLET_SALES_DATE_RANGE'] }, CalendarOutlined, () =>
    reports().then((m) => m.OutletDateRangeSalesReport),
  ),
  report(
    'outlet-details-sales-date-range',
    'outletDetailsSalesDateRange',
    { anyOf: ['AGENT_REPORT_OUTLET_SALES_DETAILS_DATE_RANGE'] },
    DollarOutlined,
    () => reports().then((m) => m.OutletDetailsSalesDateRangeReport),
  ),
  report(
    'omitted-trips-reservation-details',
    'omittedTripsReservationDetails',
    { anyOf: ['AGENT_REPORT_OMITTED_TRIPS_RESERVATION_DETAILS'] },
    StopOutlined,
    () => reports().then((m) => m.OmittedTripsReservationDetailsReport),
  ),
  report('agent-reservation-details', 'agentReservationDetails', { anyOf: ['AGENT_REPORT_RESERVATION_DETAILS'] }, FileSearchOutlined, () =>
    reports().then((m) => m.AgentReservationDetailsReport),
  ),
  report('agent-reservation-history', 'agentReservationHistory', { anyOf: ['AGENT_REPORT_RESERVATION_HISTORY'] }, HistoryOutlined, () =>
    reports().then((m) => m.AgentReservationHistoryReport),
  ),
];

/** Drawer entries in drawer order: operations first, then reports. */
export const MENU_ENTRIES: readonly RouteEntry[] = [
  ...ROUTE_TABLE.filter((r) => r.menu === 'operations'),
  ...ROUTE_TABLE.filter((r) => r.menu === 'reports'),
];

/** Routes behind the sign-in, for the homepage and permission checks. */
export const PROTECTED_ROUTES: readonly RouteEntry[] = ROUTE_TABLE.filter((r) => r.scope === 'main' || r.scope === 'report');
