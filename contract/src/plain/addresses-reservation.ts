/** The addresses of api-reservation.ts's tables (see addresses.ts). */
import type { EndpointAddress } from './address';

/** Addresses of tripApi (api-reservation.ts). */
export const tripAddresses = {
  searchByCode: { method: 'POST', path: '/api/trip/searchByCode', auth: 'session' },
  searchByRoute: { method: 'POST', path: '/api/trip/searchByRoute', auth: 'session' },
  details: { method: 'POST', path: '/api/trip/details', auth: 'session' },
} as const satisfies Record<string, EndpointAddress>;

/** Addresses of reservationApi (api-reservation.ts). */
export const reservationAddresses = {
  seatLock: { method: 'POST', path: '/api/reservation/seatLock', auth: 'session' },
  validateTripMigration: { method: 'POST', path: '/api/reservation/validateTripMigration', auth: 'session' },
  quote: { method: 'POST', path: '/api/reservation/quote', auth: 'session' },
  createReservation: { method: 'POST', path: '/api/reservation/createReservation', auth: 'session' },
  resendPin: { method: 'POST', path: '/api/reservation/resendPin', auth: 'session' },
  byPnrAndPin: { method: 'POST', path: '/api/reservation/byPnrAndPin', auth: 'session' },
  ticketOperation: { method: 'POST', path: '/api/reservation/ticketOperation', auth: 'session' },
  boardingListByPnr: { method: 'POST', path: '/api/reservation/boardingListByPnr', auth: 'session' },
  changeBoardingPoint: { method: 'POST', path: '/api/reservation/changeBoardingPoint', auth: 'session' },
  delayedCancelApproval: { method: 'POST', path: '/api/reservation/delayedCancelApproval', auth: 'session' },
  checkDiscountCoupon: { method: 'POST', path: '/api/reservation/checkDiscountCoupon', auth: 'session' },
  history: { method: 'POST', path: '/api/reservation/history', auth: 'session' },
  recent: { method: 'GET', path: '/api/reservation/recent/:companyId/:limit', auth: 'session' },
  printable: { method: 'POST', path: '/api/reservation/printable', auth: 'session' },
  savePrintAction: { method: 'GET', path: '/api/reservation/savePrintAction/:pnr/:printType', auth: 'session' },
} as const satisfies Record<string, EndpointAddress>;

/** Addresses of passengerApi (api-reservation.ts). */
export const passengerAddresses = {
  find: { method: 'POST', path: '/api/passenger/find', auth: 'session' },
  list: { method: 'POST', path: '/api/passenger/list', auth: 'session' },
} as const satisfies Record<string, EndpointAddress>;
