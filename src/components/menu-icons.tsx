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
  ScheduleOutlined,
  ShopOutlined,
  StopOutlined,
  SwapOutlined,
  TransactionOutlined,
  WalletOutlined,
} from '@ant-design/icons';
import type { ComponentType } from 'react';

/**
 * Menu icons by name. The route table names them; only the signed-in shell
 * draws them, so the sign-in route never loads these.
 */
export const MENU_ICONS = {
  reservation: ScheduleOutlined,
  ticketOperation: SwapOutlined,
  print: PrinterOutlined,
  extraWeightCharge: InboxOutlined,
  extraWeightReturn: RollbackOutlined,
  deposit: WalletOutlined,
  transaction: TransactionOutlined,
  commission: PercentageOutlined,
  salesSummary: BarChartOutlined,
  salesDetails: FileTextOutlined,
  outletSales: ShopOutlined,
  outletDateRange: CalendarOutlined,
  outletDetails: DollarOutlined,
  omittedTrips: StopOutlined,
  reservationDetails: FileSearchOutlined,
  reservationHistory: HistoryOutlined,
} satisfies Record<string, ComponentType>;

export type MenuIconName = keyof typeof MENU_ICONS;

export function MenuIcon({ name }: { name?: MenuIconName }) {
  if (!name) return null;
  const Icon = MENU_ICONS[name];
  return <Icon aria-hidden />;
}
