import type { ReservationStatus } from './enums';

/**
 * The reservation statuses by the names the specification gives them, in
 * English and Bengali: the one set the portal's screens
 * (common:reservationStatus, checked against this by a test), the printed
 * ticket and the server's PDF and XLSX reports all show.
 */
export const RESERVATION_STATUS_NAMES: Record<ReservationStatus, { en: string; bn: string }> = {
  1: { en: 'Sold', bn: 'বিক্রিত' },
  2: { en: 'Booked', bn: 'বুকড' },
  3: { en: 'Admin Booked', bn: 'অ্যাডমিন বুকড' },
  5: { en: 'Cancelled', bn: 'বাতিল' },
  10: { en: 'Trip Migrated', bn: 'যাত্রা স্থানান্তরিত' },
  12: { en: 'Open', bn: 'ওপেন' },
  13: { en: 'Linked', bn: 'লিংকড' },
  14: { en: 'Trip Migrated Cancelled', bn: 'স্থানান্তরিত যাত্রা বাতিল' },
};
