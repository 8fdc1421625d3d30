import { formatDate } from '../format/dates';
import { formatCount } from '../format/numbers';
import { i18n } from '../i18n';

/** Reasons whose message ends in ': ' and reads on into a detail. */
const DETAILED_REASONS = new Set(['MAX_SEAT_WARNING', 'SEAT_LIMIT_EXCEEDED', 'SEAT_UNAVAILABLE']);

function scalarText(value: unknown): string | null {
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  if (Array.isArray(value)) {
    const parts = value.map(scalarText).filter((part): part is string => part !== null);
    return parts.length ? parts.join(', ') : null;
  }
  return null;
}

/** The detail a seat message reads on into: the seat names, the maximum or the remaining count. */
export function detailText(details: Record<string, unknown> | undefined): string {
  if (!details) return '';
  const preferred = ['seats', 'seatNames', 'max', 'maximum', 'maxSeats', 'remaining', 'remainingSeats', 'limit'];
  for (const key of preferred) {
    const text = scalarText(details[key]);
    if (text) return text;
  }
  const rest = Object.entries(details)
    .filter(([key]) => key !== 'fields')
    .map(([, value]) => scalarText(value))
    .filter((part): part is string => part !== null);
  return rest.join(', ');
}

/**
 * Details a message reads as {{name}}: an instant (`until`, e.g. when a PNR
 * locked after wrong PINs opens again) as a time of day in the company's
 * zone, like every instant the portal shows; a `limit` count as 10,000.
 */
function interpolationOf(details: Record<string, unknown> | undefined): Record<string, string> {
  const until = details?.until;
  const limit = details?.limit;
  return {
    ...(typeof until === 'string' ? { until: formatDate(until, 'time') } : {}),
    // A count the server refused past (REPORT_TOO_LARGE), in the language's digits.
    ...(typeof limit === 'number' ? { limit: formatCount(limit) } : {}),
  };
}

/**
 * THE table from reason code to localised message is the errors namespace of
 * src/locales (one key per code of REASONS and CLIENT_REASONS; a test holds it
 * complete). Unknown codes read as UNKNOWN_ERROR.
 */
export function reasonMessage(reason: string, details?: Record<string, unknown>): string {
  const key = i18n.exists(reason, { ns: 'errors' }) ? reason : 'UNKNOWN_ERROR';
  const base = i18n.t(key, { ns: 'errors', ...interpolationOf(details) });
  return DETAILED_REASONS.has(reason) ? `${base}${detailText(details)}`.trim() : base;
}
