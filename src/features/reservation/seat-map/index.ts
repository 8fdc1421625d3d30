export { SeatMap, type SeatMapHandle, type SeatMapProps } from './seat-map';
export { SEAT_VIEW_STATUSES, seatViewStatus, type SeatInfo, type SeatViewStatus } from './seat-map-model';
