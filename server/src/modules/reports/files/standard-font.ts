/**
 * Faster text measuring and encoding for pdfkit's standard (AFM) fonts,
 * Helvetica and Helvetica-Bold, which draw every Latin cell of a report.
 *
 * pdfkit measures a string glyph by glyph, and looks each kerning pair up by
 * a key it builds as a new string ("A\0V") in an object of some thousand
 * pairs: a 50,000-row PDF measured and encoded its cells some 1.5 million
 * times, and those look-ups were half of its CPU (issue #34). Here the same
 * values are kept per character code and per pair of codes (numbers, not new
 * strings), so the advances, widths and encoded text are exactly pdfkit's,
 * summed in the same order: the file's bytes do not change.
 */

/** The parts of pdfkit's StandardFont and its AFMFont that are replaced or read (pdfkit 0.20). */
interface AfmFont {
  characterToGlyph(code: number): string;
  widthOfGlyph(glyph: string): number;
  getKernPair(left: string, right: string | undefined): number;
  encodeText(text: string): string[];
}
interface StandardFont {
  font?: AfmFont;
  encode(text: string, features?: unknown): [string[], Position[]];
  widthOfString(text: string, size: number, features?: unknown): number;
  __fast?: true;
}
interface Position {
  xAdvance: number;
  yAdvance: number;
  xOffset: number;
  yOffset: number;
  advanceWidth: number;
}

/** Replaces `font`'s encode and widthOfString with table-driven ones, if it is a standard font (once). */
export function speedUpStandardFont(font: unknown): void {
  const f = font as StandardFont;
  const afm = f.font;
  if (f.__fast || !afm || typeof afm.getKernPair !== 'function') return;
  f.__fast = true;
  const widths = new Map<number, number>();
  const hex = new Map<number, string>();
  const kerns = new Map<number, number>();
  const glyphOf = (code: number) => afm.characterToGlyph(code);
  const width = (code: number) => {
    let w = widths.get(code);
    if (w === undefined) {
      w = afm.widthOfGlyph(glyphOf(code));
      widths.set(code, w);
    }
    return w;
  };
  const kern = (left: number, right: number) => {
    const key = left * 0x10000 + right;
    let k = kerns.get(key);
    if (k === undefined) {
      k = afm.getKernPair(glyphOf(left), glyphOf(right));
      kerns.set(key, k);
    }
    return k;
  };
  /** pdfkit's advancesForGlyphs: each glyph's width plus its kerning with the next (none after the last). */
  const advance = (text: string, i: number) => {
    const code = text.charCodeAt(i);
    return i + 1 < text.length ? width(code) + kern(code, text.charCodeAt(i + 1)) : width(code) + 0;
  };
  // Whole strings measured again and again (a cell is measured before it is drawn, and pdfkit measures it again).
  const measured = new Map<string, number>();
  f.widthOfString = (text: string, size: number) => {
    const s = `${text}`;
    let sum = measured.get(s);
    if (sum === undefined) {
      sum = 0;
      for (let i = 0; i < s.length; i++) sum += advance(s, i);
      if (measured.size > 50_000) measured.clear();
      measured.set(s, sum);
    }
    return sum * (size / 1000);
  };
  f.encode = (text: string) => {
    const encoded: string[] = [];
    const positions: Position[] = [];
    for (let i = 0; i < text.length; i++) {
      const code = text.charCodeAt(i);
      let h = hex.get(code);
      if (h === undefined) {
        h = afm.encodeText(text.charAt(i))[0] ?? '';
        hex.set(code, h);
      }
      encoded.push(h);
      positions.push({ xAdvance: advance(text, i), yAdvance: 0, xOffset: 0, yOffset: 0, advanceWidth: width(code) });
    }
    return [encoded, positions];
  };
}
