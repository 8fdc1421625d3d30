/**
 * The remarks the server itself writes on a reservation's history rows, as a
 * code and its parameters, so each screen says them in its own language
 * (issue #33: "fine 12.50 (10%)" stayed English on the Bengali screen).
 *
 * The server stores the English sentence (the `remarks` text every caller
 * already reads, the operator's command line prints and older portals show);
 * the templates below are that sentence, written and read back by the same
 * table: historyRemarkText writes it, historyRemarkOf gives the code and the
 * parameters back (also for rows stored before this table existed), and the
 * API sends both. Remarks an agent typed (a delayed-cancel request's) have no
 * code and are shown as written.
 */
export const HISTORY_REMARK_CODES = [
  'FINE',
  'DELAYED_CANCEL_APPROVED',
  'DELAYED_CANCEL_REJECTED',
  'EXTENDED_UNTIL',
  'MIGRATED_FROM',
  'MIGRATED_TO',
  'BOARDING_MOVED',
  'PIN_NOT_DELIVERED',
  'BY_OPERATOR',
] as const;
export type HistoryRemarkCode = (typeof HISTORY_REMARK_CODES)[number];

/** A server-written remark: its code and its parameters (amounts as "12.50", instants as ISO, names as stored). */
export interface HistoryRemark {
  code: HistoryRemarkCode;
  params: Record<string, string>;
}

/** Each code's English sentence ({name}: a parameter) and the history actions it is written on. */
const TEMPLATES: Record<HistoryRemarkCode, { text: string; actions: readonly string[] }> = {
  FINE: { text: 'fine {fine} ({percent}%)', actions: ['CANCELLED'] },
  DELAYED_CANCEL_APPROVED: {
    text: 'delayed cancel request {request} approved by {employee}: fine {fine} ({percent}%)',
    actions: ['CANCELLED'],
  },
  DELAYED_CANCEL_REJECTED: {
    text: 'delayed cancel request {request} rejected by {employee}: {reason}',
    actions: ['DELAYED_CANCEL_REJECTED'],
  },
  EXTENDED_UNTIL: { text: 'until {until}', actions: ['BOOKING_EXTENDED'] },
  MIGRATED_FROM: { text: 'from {pnr}', actions: ['SELL', 'BOOK', 'OPEN', 'MIGRATE'] },
  MIGRATED_TO: { text: 'to {pnr}', actions: ['TRIP_MIGRATED'] },
  BOARDING_MOVED: { text: '{from} → {to}', actions: ['BOARDING_CHANGED'] },
  PIN_NOT_DELIVERED: { text: 'PIN not delivered; resend it', actions: ['SMS_FAILED'] },
  BY_OPERATOR: { text: 'by the operator', actions: ['ADMIN_BOOKED', 'LINKED'] },
};

const PARAM = /\{(\w+)\}/g;

/** The stored English sentence of a remark. */
export function historyRemarkText(remark: HistoryRemark): string {
  return TEMPLATES[remark.code].text.replace(PARAM, (_, name: string) => remark.params[name] ?? '');
}

/** A template as a pattern: its words as they are, each parameter a lazy run (the last one takes the rest). */
const PATTERNS = Object.entries(TEMPLATES).map(([code, t]) => {
  const names: string[] = [];
  const source = t.text
    .split(PARAM)
    .map((part, i) => {
      if (i % 2 === 0) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      names.push(part);
      return '(.+?)';
    })
    .join('');
  return { code: code as HistoryRemarkCode, actions: t.actions, names, pattern: new RegExp(`^${source}$`) };
});

/**
 * The code and parameters of a history row's remarks, or null for none or for
 * text an agent typed. `action` is the row's action ("CANCELLED A1, B2" for a
 * partial cancel: its first word counts), so a typed text never passes for a
 * server sentence of another action.
 */
export function historyRemarkOf(action: string, remarks: string | null): HistoryRemark | null {
  if (!remarks) return null;
  const code = action.split(' ')[0] ?? action;
  for (const p of PATTERNS) {
    if (!p.actions.includes(code)) continue;
    const match = p.pattern.exec(remarks);
    if (match)
      return { code: p.code, params: Object.fromEntries(p.names.map((name, i) => [name, match[i + 1] ?? ''])) };
  }
  return null;
}
