/**
 * The ticket's words in English and Bengali. A plain typed dictionary, not
 * i18next: tickets are rendered for the desktop shell's hidden print window
 * and must not depend on the portal's i18n being initialised (or on the
 * language the screen happens to be in).
 */
import type { ReservationStatus, SeatType } from '@agent-portal/contract';
import { RESERVATION_STATUS_NAMES } from '../contract';

export const TICKET_LANGUAGES = ['en', 'bn'] as const;
export type TicketLanguage = (typeof TICKET_LANGUAGES)[number];

export interface TicketLabels {
  documentTitle: string;
  ticket: string;
  pnr: string;
  pinNote: string;
  passenger: string;
  phone: string;
  journeyDate: string;
  coach: string;
  coachType: string;
  route: string;
  from: string;
  to: string;
  boardingPoint: string;
  boardingTime: string;
  reportingTime: string;
  seats: string;
  seat: string;
  seatType: string;
  fare: string;
  discount: string;
  total: string;
  status: string;
  payBefore: string;
  outlet: string;
  agent: string;
  issued: string;
  printed: string;
  original: string;
  reprint: string;
  qrLabel: string;
  reportNote: string;
  previewTitle: string;
  seatTypes: Record<SeatType, string>;
  statuses: Record<ReservationStatus, string>;
}

/** The ticket names a status as every screen and report does (the contract's one set). */
const statusNames = (language: TicketLanguage) =>
  Object.fromEntries(
    Object.entries(RESERVATION_STATUS_NAMES).map(([status, names]) => [status, names[language]]),
  ) as Record<ReservationStatus, string>;

const en: TicketLabels = {
  documentTitle: 'Ticket',
  ticket: 'Bus ticket',
  pnr: 'PNR',
  pinNote: 'PIN sent by SMS',
  passenger: 'Passenger',
  phone: 'Phone',
  journeyDate: 'Journey date',
  coach: 'Coach',
  coachType: 'Coach type',
  route: 'Route',
  from: 'From',
  to: 'To',
  boardingPoint: 'Boarding point',
  boardingTime: 'Boarding time',
  reportingTime: 'Reporting time',
  seats: 'Seats',
  seat: 'Seat',
  seatType: 'Type',
  fare: 'Fare',
  discount: 'Discount',
  total: 'Total',
  status: 'Status',
  payBefore: 'Pay before',
  outlet: 'Outlet',
  agent: 'Agent',
  issued: 'Issued',
  printed: 'Printed',
  original: 'ORIGINAL',
  reprint: 'REPRINT',
  qrLabel: 'QR code of the PNR',
  reportNote: 'Please be at the boarding point by the reporting time.',
  previewTitle: 'Ticket preview',
  seatTypes: {
    Standard: 'Standard',
    Business: 'Business',
    Extra: 'Extra',
    Sleeper: 'Sleeper',
    'Sleeper Horizontal': 'Sleeper horizontal',
  },
  statuses: statusNames('en'),
};

const bn: TicketLabels = {
  documentTitle: 'টিকিট',
  ticket: 'বাসের টিকিট',
  pnr: 'পিএনআর',
  pinNote: 'পিন এসএমএসে পাঠানো হয়েছে',
  passenger: 'যাত্রী',
  phone: 'ফোন',
  journeyDate: 'যাত্রার তারিখ',
  coach: 'কোচ',
  coachType: 'কোচের ধরন',
  route: 'রুট',
  from: 'যাত্রা শুরু',
  to: 'গন্তব্য',
  boardingPoint: 'বোর্ডিং পয়েন্ট',
  boardingTime: 'বোর্ডিংয়ের সময়',
  reportingTime: 'রিপোর্টিংয়ের সময়',
  seats: 'আসন',
  seat: 'আসন',
  seatType: 'ধরন',
  fare: 'ভাড়া',
  discount: 'ছাড়',
  total: 'মোট',
  status: 'অবস্থা',
  payBefore: 'পরিশোধের শেষ সময়',
  outlet: 'আউটলেট',
  agent: 'এজেন্ট',
  issued: 'ইস্যুর সময়',
  printed: 'প্রিন্টের সময়',
  original: 'মূল কপি',
  reprint: 'পুনর্মুদ্রণ',
  qrLabel: 'পিএনআর-এর কিউআর কোড',
  reportNote: 'অনুগ্রহ করে রিপোর্টিংয়ের সময়ের মধ্যে বোর্ডিং পয়েন্টে উপস্থিত থাকুন।',
  previewTitle: 'টিকিটের প্রিভিউ',
  seatTypes: {
    Standard: 'স্ট্যান্ডার্ড',
    Business: 'বিজনেস',
    Extra: 'এক্সট্রা',
    Sleeper: 'স্লিপার',
    'Sleeper Horizontal': 'আড়াআড়ি স্লিপার',
  },
  statuses: statusNames('bn'),
};

export const TICKET_LABELS: Readonly<Record<TicketLanguage, TicketLabels>> = { en, bn };
