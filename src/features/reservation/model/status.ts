/** The i18n key of a reservation status's name (see components/reservation-status-tag, which shows it with its colour). */
export { reservationStatusKey as statusKey } from '../../../components/reservation-status-tag';
