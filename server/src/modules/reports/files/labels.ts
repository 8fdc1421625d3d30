/**
 * Every word a report file prints, in English and Bengali. Titles follow the
 * portal's menu (src/locales/<lang>/menu.json) and statuses and actions its
 * records and ticket-operation screens, so a file reads like the screen it
 * was downloaded from. Numbers, dates and times are put in by format.ts, in
 * the file's digits.
 */
import { RESERVATION_STATUS_NAMES, type HistoryRemarkCode, type ReportLang } from '@agent-portal/contract';

export type Text = Record<ReportLang, string>;

export const REPORT_TITLES = {
  userSalesSummary: { en: 'Sales summary', bn: 'বিক্রয় সারাংশ' },
  userSalesDetails: { en: 'Sales details', bn: 'বিক্রয় বিবরণ' },
  outletSales: { en: 'Outlet sales', bn: 'আউটলেট বিক্রয়' },
  outletSalesByDateRange: { en: 'Outlet sales by date range', bn: 'তারিখ অনুযায়ী আউটলেট বিক্রয়' },
  outletSalesDetails: { en: 'Outlet sales details by date range', bn: 'তারিখ অনুযায়ী আউটলেট বিক্রয় বিবরণ' },
  omittedTripsReservationDetails: { en: 'Omitted trips reservation details', bn: 'বাতিল ট্রিপের রিজার্ভেশন বিবরণ' },
  reservationDetails: { en: 'Reservation details', bn: 'রিজার্ভেশন বিবরণ' },
  reservationHistory: { en: 'Reservation history', bn: 'রিজার্ভেশন ইতিহাস' },
} as const satisfies Record<string, Text>;
export type ReportName = keyof typeof REPORT_TITLES;

export const HEADER_LABELS = {
  company: { en: 'Company', bn: 'কোম্পানি' },
  outlet: { en: 'Outlet', bn: 'আউটলেট' },
  allOutlets: { en: 'All outlets', bn: 'সব আউটলেট' },
  agent: { en: 'Agent', bn: 'এজেন্ট' },
  user: { en: 'User', bn: 'ব্যবহারকারী' },
  period: { en: 'Period', bn: 'সময়কাল' },
  generatedAt: { en: 'Generated at', bn: 'তৈরির সময়' },
  total: { en: 'Total', bn: 'মোট' },
  page: { en: 'Page {x} of {y}', bn: 'পৃষ্ঠা {x} / {y}' },
  truncated: {
    en: 'This file holds the first {n} of {total} rows; narrow the period or the filters for the rest.',
    bn: 'এই ফাইলে {total}টি সারির প্রথম {n}টি আছে; বাকিগুলোর জন্য সময়কাল বা ফিল্টার ছোট করুন।',
  },
} as const satisfies Record<string, Text>;

export const COLUMN_LABELS = {
  date: { en: 'Date', bn: 'তারিখ' },
  tickets: { en: 'Tickets', bn: 'টিকিট' },
  seats: { en: 'Seats', bn: 'আসন' },
  seatCount: { en: 'Seats', bn: 'আসন সংখ্যা' },
  grossFare: { en: 'Gross fare', bn: 'মোট ভাড়া' },
  discount: { en: 'Discount', bn: 'ছাড়' },
  netFare: { en: 'Net fare', bn: 'নিট ভাড়া' },
  migrations: { en: 'Migrations', bn: 'স্থানান্তর' },
  migrationCharge: { en: 'Migration charge', bn: 'স্থানান্তর চার্জ' },
  cancellations: { en: 'Cancellations', bn: 'বাতিল' },
  refunds: { en: 'Refunds', bn: 'ফেরত' },
  commission: { en: 'Commission', bn: 'কমিশন' },
  netCollection: { en: 'Net collection', bn: 'নিট আদায়' },
  outlet: { en: 'Outlet', bn: 'আউটলেট' },
  user: { en: 'User', bn: 'ব্যবহারকারী' },
  time: { en: 'Time', bn: 'সময়' },
  action: { en: 'Action', bn: 'কার্যক্রম' },
  pnr: { en: 'PNR', bn: 'PNR' },
  referencePnr: { en: 'Ref. PNR', bn: 'রেফারেন্স PNR' },
  status: { en: 'Status', bn: 'অবস্থা' },
  tripDate: { en: 'Trip date', bn: 'যাত্রার তারিখ' },
  coach: { en: 'Coach', bn: 'কোচ' },
  route: { en: 'Route', bn: 'রুট' },
  journey: { en: 'From – to', bn: 'যাত্রাপথ' },
  fare: { en: 'Fare', bn: 'ভাড়া' },
  amount: { en: 'Amount', bn: 'পরিমাণ' },
  reservedAt: { en: 'Reserved at', bn: 'রিজার্ভেশনের সময়' },
  passenger: { en: 'Passenger', bn: 'যাত্রী' },
  phone: { en: 'Phone', bn: 'ফোন' },
  charged: { en: 'Charged', bn: 'আদায়' },
  refunded: { en: 'Refunded', bn: 'ফেরত' },
  fine: { en: 'Fine', bn: 'জরিমানা' },
  tripState: { en: 'Trip', bn: 'ট্রিপ' },
  remarks: { en: 'Remarks', bn: 'মন্তব্য' },
  actions: { en: 'Actions', bn: 'কার্যক্রম সংখ্যা' },
} as const satisfies Record<string, Text>;
export type ColumnKey = keyof typeof COLUMN_LABELS;

/** The specification's names, the same set the portal and the ticket show. */
export const STATUS_LABELS: Record<number, Text> = RESERVATION_STATUS_NAMES;

export const ACTION_LABELS: Record<string, Text> = {
  SELL: { en: 'Sold', bn: 'বিক্রি' },
  BOOK: { en: 'Booked', bn: 'বুকিং' },
  OPEN: { en: 'Open ticket sold', bn: 'ওপেন টিকিট বিক্রি' },
  MIGRATE: { en: 'Sold by trip migration', bn: 'ট্রিপ পরিবর্তনে বিক্রি' },
  TRIP_MIGRATED: { en: 'Moved to another trip', bn: 'অন্য ট্রিপে সরানো হয়েছে' },
  CONFIRMED: { en: 'Confirmed', bn: 'নিশ্চিত' },
  CANCELLED: { en: 'Cancelled', bn: 'বাতিল' },
  BOOKING_EXTENDED: { en: 'Booking extended', bn: 'বুকিংয়ের সময় বাড়ানো হয়েছে' },
  BOOKING_EXPIRED: { en: 'Booking expired', bn: 'বুকিংয়ের মেয়াদ শেষ' },
  PIN_RESENT: { en: 'PIN resent', bn: 'পিন আবার পাঠানো হয়েছে' },
  BOARDING_CHANGED: { en: 'Boarding point changed', bn: 'বোর্ডিং পয়েন্ট পরিবর্তন' },
  DELAYED_CANCEL_REQUESTED: { en: 'Delayed cancel requested', bn: 'বিলম্বিত বাতিলের অনুরোধ' },
  DELAYED_CANCEL_REJECTED: { en: 'Delayed cancel rejected', bn: 'বিলম্বিত বাতিলের অনুরোধ প্রত্যাখ্যাত' },
  ADMIN_BOOKED: { en: 'Admin booked', bn: 'অ্যাডমিন বুকড' },
  LINKED: { en: 'Linked', bn: 'লিংকড' },
};

/**
 * The server's own history remarks (contract plain/history-remarks.ts) in the file's language, as the portal's
 * history says them (src/locales/<lang>/ticket-operation.json history.remarks); {name}: a parameter, formatted by
 * documents.ts. Remarks an agent typed are printed as written.
 */
export const REMARK_TEXTS: Record<HistoryRemarkCode, Text> = {
  FINE: { en: 'fine {fine} ({percent}%)', bn: 'জরিমানা {fine} ({percent}%)' },
  DELAYED_CANCEL_APPROVED: {
    en: 'delayed cancel request {request} approved by {employee}: fine {fine} ({percent}%)',
    bn: 'বিলম্বিত বাতিলের অনুরোধ {request} অনুমোদন করেছেন {employee}: জরিমানা {fine} ({percent}%)',
  },
  DELAYED_CANCEL_REJECTED: {
    en: 'delayed cancel request {request} rejected by {employee}: {reason}',
    bn: 'বিলম্বিত বাতিলের অনুরোধ {request} প্রত্যাখ্যান করেছেন {employee}: {reason}',
  },
  EXTENDED_UNTIL: { en: 'until {until}', bn: '{until} পর্যন্ত' },
  MIGRATED_FROM: { en: 'from {pnr}', bn: '{pnr} থেকে' },
  MIGRATED_TO: { en: 'to {pnr}', bn: '{pnr}-এ' },
  BOARDING_MOVED: { en: '{from} → {to}', bn: '{from} → {to}' },
  PIN_NOT_DELIVERED: { en: 'PIN not delivered; resend it', bn: 'পিন পৌঁছায়নি; আবার পাঠান' },
  BY_OPERATOR: { en: 'by the operator', bn: 'অপারেটরের মাধ্যমে' },
};

export const TRIP_STATE_LABELS: Record<string, Text> = {
  OMITTED: { en: 'Omitted', bn: 'বাতিল' },
  OMIT_PENDING: { en: 'Omit pending', bn: 'বাতিলের অপেক্ষায়' },
};

/** Fills {name} placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));
}
