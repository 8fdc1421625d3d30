/**
 * What a Bengali rendering must not show: a Latin digit in a number, a date or
 * a time, or a Latin AM/PM. Codes keep their Latin digits, so these are let
 * through, and nothing else:
 * - a word with a Latin letter in it: a PNR (K7Q2M9X4PA), a coach (GL-101), a
 *   seat (A1), a voucher; a Latin-letter word is a code or a name on a Bengali
 *   screen, never a number;
 * - a Bangladeshi mobile number (01711000000, +8801711000000) the +880 before a phone
 *   field and a masked one (*********0003);
 * - the agency's own data the caller names (an outlet called "Counter 2"): the
 *   portal prints it as the server sent it;
 * - text the caller removed first: on screens the elements marked data-code
 *   (a PIN, an id), see tests/e2e/bengali-digits.spec.ts.
 * Used by the portal's unit tests (tickets, receipts) and the e2e scan of the screens.
 */
/**
 * A whole word that is AM or PM (A.M, its last dot trimmed with the word's), or a time's digits glued to it (10AM).
 * Not a code that starts with the letters: a PNR drawn as AM3FP7X4T5 once failed two screens' scans.
 */
const AM_PM = /^(?:\d*(?:AM|PM|am|pm)|A\.M\.?|P\.M\.?)$/;
const LATIN_DIGIT = /[0-9]/;
const LATIN_LETTER = /[A-Za-z]/;
const MOBILE = /^(?:(?:\+?880|0)1[3-9]\d{8}|\+880|\*+\d{2,4})$/;

/** The words of a text that break the rule, [] when none does. */
export function latinNumberLeaks(text: string, agencyData: readonly string[] = []): string[] {
  const leaks: string[] = [];
  const own = agencyData.filter(Boolean).reduce((rest, value) => rest.replaceAll(value, ' '), text);
  for (const raw of own.split(/[\s,;:()[\]{}"'·|/]+/)) {
    const word = raw.replace(/^[^\p{L}\p{N}+*]+|[^\p{L}\p{N}]+$/gu, '');
    if (!word) continue;
    if (AM_PM.test(word)) {
      leaks.push(word);
      continue;
    }
    if (!LATIN_DIGIT.test(word) || LATIN_LETTER.test(word) || MOBILE.test(word)) continue;
    leaks.push(word);
  }
  return leaks;
}
