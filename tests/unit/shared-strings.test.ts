/**
 * An English text the screens share (a field's name, an action, a notice)
 * lives once, in the common namespace, so the two languages cannot drift
 * apart from one screen to the next. A text defined in two namespaces fails
 * here unless an entry below says why it is a different thing that happens
 * to read the same.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const EN = join(import.meta.dirname, '../../src/locales/en');

/** Keys ("namespace:dotted.key") that may repeat a text of another namespace, each with why. */
const ALLOWED: [RegExp, string][] = [
  [/^errors:/, "a server reason's message, looked up by its reason code"],
  [/^menu:/, "a menu entry, looked up by its route's titleKey"],
  [/^reports:columns\./, "a report's column heading, looked up by the column key of the report's definition"],
  [
    /^records:transaction\.columns\./,
    'a transaction column heading, looked up by its key for the list and the export alike',
  ],
  [/^records:(deposit|extraWeight)\.receipt\./, "a printed receipt's label, looked up by its field key"],
  [
    /^(records:(deposit|extraWeight)\.statuses|reservation:extraWeight\.statuses|records:(transaction|commission)\.reasons|reports:(actions|tripStates)|reservation:tripState|ticket-operation:history\.actions|seat-map:legend)\./,
    "the name of a server code (a status, reason, event or trip state) in that list's own table, looked up by the code",
  ],
  [
    /^(reservation:seatType|ticket-operation:seatTypes|seat-map:seatType)\./,
    'a seat type looked up by the code each caller holds (seat-map keys differ); the Bengali names differ',
  ],
  [
    /^(reservation:(preview|result)\.title|ticket-operation:(confirm\.title|actions\.confirm))\./,
    'a title or button looked up by the sale kind or the reservation status',
  ],
  [
    /^ticket-operation:details\.title$/,
    'the reservation looked up, where reservation:title names the screen that makes them',
  ],
  [/^ticket-operation:fields\.journey$/, "the ticket's journey (Bengali যাত্রা), not the preview's from → to"],
  [
    /^records:extraWeight\.(reprint|return)$/,
    'a button (Bengali asks to do it), not the print type common:printTypes names',
  ],
  [/^records:extraWeight\.review$/, "the charge form's check step (Bengali যাচাই করুন), not the reservation's review"],
  [
    /^records:unprinted\.columns\.(reservationTime|boardingTime)$/,
    'a time column (Bengali: time of sale, boarding), not the status or the boarding point',
  ],
  [/^auth:change\.submit$/, 'the submit button (Bengali asks to do it), not the page title'],
];

/** Every leaf of a JSON file, as [dotted key, text]. */
function leaves(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  return Object.entries(value as object).flatMap(([key, child]) => leaves(child, prefix ? `${prefix}.${key}` : key));
}

/** The English texts defined in more than one namespace, each with its keys. */
function sharedTexts(): Record<string, string[]> {
  const keysOf = new Map<string, string[]>();
  for (const file of readdirSync(EN).filter((f) => f.endsWith('.json'))) {
    const namespace = file.replace(/\.json$/, '');
    for (const [key, text] of leaves(JSON.parse(readFileSync(join(EN, file), 'utf8')))) {
      const id = `${namespace}:${key}`;
      if (ALLOWED.some(([pattern]) => pattern.test(id))) continue;
      keysOf.set(text, [...(keysOf.get(text) ?? []), id]);
    }
  }
  const namespaces = (ids: string[]) => new Set(ids.map((id) => id.split(':')[0]));
  return Object.fromEntries([...keysOf].filter(([, ids]) => namespaces(ids).size > 1));
}

describe('English texts', () => {
  it('are defined in one namespace each (the shared ones in common)', () => {
    expect(sharedTexts()).toEqual({});
  });

  it('allow no repeat that is not there any more', () => {
    const ids = readdirSync(EN)
      .filter((f) => f.endsWith('.json'))
      .flatMap((file) =>
        leaves(JSON.parse(readFileSync(join(EN, file), 'utf8'))).map(
          ([key]) => `${file.replace(/\.json$/, '')}:${key}`,
        ),
      );
    const unused = ALLOWED.filter(([pattern]) => !ids.some((id) => pattern.test(id))).map(([pattern]) =>
      String(pattern),
    );
    expect(unused).toEqual([]);
  });
});
