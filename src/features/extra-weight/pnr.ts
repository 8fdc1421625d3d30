/** PNRs are 10 upper-case letters and digits; agents type them any way. */
export const PNR_PATTERN = /^[A-Z0-9]{10}$/;
export const PIN_PATTERN = /^\d{6}$/;
export const normalisePnr = (value: string | undefined) =>
  (value ?? '')
    .replace(/[^a-z0-9]/gi, '')
    .toUpperCase()
    .slice(0, 10);
export const normalisePin = (value: string | undefined) => (value ?? '').replace(/\D/g, '').slice(0, 6);
