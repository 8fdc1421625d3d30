/**
 * Fonts of the PDF files. Latin text is drawn in the PDF standard Helvetica
 * (nothing embedded); Bengali text in Noto Sans Bengali, embedded (as a
 * subset) when a file draws any. Noto Sans Bengali has no Latin letters (a
 * PNR drawn in it vanishes) and Helvetica no Bengali ones, so text with
 * Bengali in it is cut into script runs, each drawn in the font that has its
 * letters.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { SERVER_DIR } from '../../../config';

/** resources/fonts at the repository root (the server package sits in server/). */
export const DEFAULT_FONT_DIR = path.resolve(SERVER_DIR, '..', 'resources', 'fonts');

export interface BengaliFonts {
  regular: string;
  bold: string;
}

/** The font files, or null when they are missing (English files then do without; Bengali ones fail). */
export function bengaliFonts(dir = DEFAULT_FONT_DIR): BengaliFonts | null {
  const fonts = {
    regular: path.join(dir, 'NotoSansBengali-Regular.ttf'),
    bold: path.join(dir, 'NotoSansBengali-Bold.ttf'),
  };
  return existsSync(fonts.regular) && existsSync(fonts.bold) ? fonts : null;
}

export interface Run {
  text: string;
  bengali: boolean;
}

// The Bengali block, the dandas (shared with other Indic scripts, drawn by the
// Bengali font) and ZWNJ/ZWJ, which steer conjunct shaping inside a run.
const BENGALI = /[\u0980-\u09FF\u0964\u0965\u200C\u200D]/;
/** Whether a text needs the Bengali font at all (most cells are Latin). */
export const HAS_BENGALI = /[\u0980-\u09FF\u0964\u0965]/;
// Spaces and punctuation either font has stay in the run they are in, so a
// Bengali phrase is shaped as one piece and not cut at every space.
const NEUTRAL = /[\s\-–.,:;/()]/;

/** Splits text into runs of Bengali and of everything else. */
export function scriptRuns(text: string): Run[] {
  const runs: Run[] = [];
  for (const ch of text) {
    const last = runs[runs.length - 1];
    const bengali = NEUTRAL.test(ch) && last ? last.bengali : BENGALI.test(ch);
    if (last && last.bengali === bengali) last.text += ch;
    else runs.push({ text: ch, bengali });
  }
  return runs;
}
