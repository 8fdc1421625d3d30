/** PNRs are 10 upper-case letters and digits; agents type them any way. */
export const PNR_PATTERN = /^[A-Z0-9]{10}$/;
export const PIN_PATTERN = /^\d{6}$/;
// Bengali digits typed on a Bengali layout are stored as Latin ones (lib/digits.ts).
export { pnrInput as normalisePnr, pinInput as normalisePin } from '../../lib/digits';
