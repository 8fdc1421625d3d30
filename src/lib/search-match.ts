/**
 * The one filter of every station, city, route and coach picker. Agents type
 * on a Latin keyboard whatever the screen's language, and sometimes on a
 * Bengali one, so an option matches when what is typed is the start of any
 * word of any of its names: "dha", "Dhaka" and "ঢা" all find ঢাকা / Dhaka.
 * Case and accents do not count.
 */

function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase('en');
}

/** The words of a name: split on spaces and punctuation (Dhaka-Chattogram, "Kallyanpur (Dhaka)"). */
function words(text: string): string[] {
  return fold(text)
    .split(/[\s\-–—/(),.:;|]+/u)
    .filter(Boolean);
}

/** Whether `typed` is a prefix of a name or of any word of it (empty: everything matches). */
export function matchesTyped(typed: string, names: readonly (string | undefined | null)[]): boolean {
  const query = fold(typed.trim());
  if (!query) return true;
  return names.some((name) => {
    if (!name) return false;
    const whole = fold(name);
    return whole.startsWith(query) || words(name).some((word) => word.startsWith(query));
  });
}

/** An option of a picker that searches: `search` holds every name the option answers to. */
export interface SearchableOption {
  label?: unknown;
  search?: readonly (string | undefined | null)[];
}

/** antd Select's `filterOption`: matches the option's `search` names, else its text label. */
export function pickerFilter(typed: string, option?: SearchableOption): boolean {
  if (!option) return false;
  const names = option.search ?? (typeof option.label === 'string' ? [option.label] : []);
  return matchesTyped(typed, names);
}

/** The `showSearch` setting every searching picker uses. */
export const PICKER_SEARCH = { filterOption: pickerFilter } as const;

/** Both names of a place (the English and the Bengali), for `search`. */
export function placeNames(place: { name: string; nameBn?: string | null }): string[] {
  return [place.name, place.nameBn ?? undefined].filter((n): n is string => Boolean(n));
}
