/**
 * The Bengali font embedded in every ticket (Noto Sans Bengali, OFL, from
 * resources/fonts). Thermal printers have no Bengali code page and the shell's
 * print window loads nothing from outside, so the font travels inside the
 * HTML as base64 @font-face data.
 *
 * How: Vite's `?inline` asset query turns each TTF into a `data:font/ttf;base64,…`
 * string, in the browser build and in vitest alike. The imports are dynamic, so
 * the ~540 KB of font data lives in its own lazily loaded chunks and costs
 * nothing until the first ticket is rendered.
 */
export interface TicketFonts {
  regular: string;
  bold: string;
}

let loading: Promise<TicketFonts> | null = null;

export function loadTicketFonts(): Promise<TicketFonts> {
  loading ??= Promise.all([
    import('../../../resources/fonts/NotoSansBengali-Regular.ttf?inline'),
    import('../../../resources/fonts/NotoSansBengali-Bold.ttf?inline'),
  ]).then(([regular, bold]) => ({ regular: regular.default, bold: bold.default }));
  // A failed load (e.g. a chunk lost after a deploy) must not stick for the whole session.
  loading.catch(() => {
    loading = null;
  });
  return loading;
}

/** The family name is private to the ticket so a system-installed Noto never masks a missing embed. */
export const TICKET_BENGALI_FAMILY = 'Ticket Bengali';

/**
 * unicode-range keeps Latin text on the Latin fonts (the Bengali font has no
 * Latin letters but does have digits, which would otherwise mix styles).
 */
const BENGALI_RANGE = 'U+0964-0965, U+0980-09FE, U+200C-200D, U+25CC';

export function fontFaceCss(fonts: TicketFonts): string {
  return [
    [fonts.regular, 400],
    [fonts.bold, 700],
  ]
    .map(
      ([src, weight]) =>
        `@font-face{font-family:'${TICKET_BENGALI_FAMILY}';src:url(${src}) format('truetype');font-weight:${weight};font-style:normal;unicode-range:${BENGALI_RANGE};}`,
    )
    .join('\n');
}
