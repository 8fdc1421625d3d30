/**
 * Printing in a plain browser: the ticket document goes into a hidden iframe
 * and the browser's own print dialog prints that frame. The frame is
 * sandboxed without scripts; allow-same-origin lets us wait for its fonts and
 * call print(), allow-modals lets that print() open the dialog.
 */
export interface BrowserPrintOptions {
  /**
   * For a roll: its width in mm. Chromium ignores the ticket's `size: 80mm auto`
   * (a length and auto do not combine in CSS), so once the ticket is laid out
   * the frame gets an exact `@page` of the roll's width and the ticket's height.
   */
  rollWidthMm?: number;
  /** How long to wait for the document and its fonts before giving up. */
  timeoutMs?: number;
  doc?: Document;
}

const LOAD_TIMEOUT_MS = 15_000;
/** Firefox prints asynchronously: the frame must outlive print() until afterprint. */
const REMOVE_FALLBACK_MS = 60_000;

function whenLoaded(frame: HTMLIFrameElement, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('The ticket did not load in time.')), timeoutMs);
    frame.addEventListener(
      'load',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });
}

/** Blank pages come from printing before the fonts are in: wait for them, within the deadline. */
async function whenFontsReady(frameDocument: Document, timeoutMs: number): Promise<void> {
  const fonts = frameDocument.fonts as FontFaceSet | undefined;
  if (!fonts) return;
  await Promise.race([fonts.ready, new Promise((resolve) => setTimeout(resolve, timeoutMs))]);
}

const MM_PER_CSS_PX = 25.4 / 96;
/** Slack so rounding never spills a last line onto a second page. */
const ROLL_SLACK_MM = 2;

function fitRollPage(frameDocument: Document, widthMm: number): void {
  const heightPx = frameDocument.documentElement.scrollHeight;
  if (!heightPx) return;
  const style = frameDocument.createElement('style');
  style.textContent = `@page { size: ${widthMm}mm ${Math.ceil(heightPx * MM_PER_CSS_PX) + ROLL_SLACK_MM}mm; margin: 0; }`;
  frameDocument.head.appendChild(style);
}

export async function printHtmlInBrowser(
  html: string,
  { rollWidthMm, timeoutMs = LOAD_TIMEOUT_MS, doc = document }: BrowserPrintOptions = {},
): Promise<void> {
  const frame = doc.createElement('iframe');
  frame.setAttribute('sandbox', 'allow-same-origin allow-modals');
  frame.setAttribute('aria-hidden', 'true');
  frame.tabIndex = -1;
  // Zero-sized rather than display:none, which would skip layout and print nothing.
  frame.style.cssText = 'position:fixed;right:0;bottom:0;width:0;height:0;border:0;opacity:0;pointer-events:none;';
  frame.srcdoc = html;
  const loaded = whenLoaded(frame, timeoutMs);
  doc.body.appendChild(frame);
  let removeLater = false;
  try {
    await loaded;
    const view = frame.contentWindow;
    const frameDocument = frame.contentDocument;
    if (!view || !frameDocument) throw new Error('The print frame is not accessible.');
    await whenFontsReady(frameDocument, timeoutMs);
    if (rollWidthMm) fitRollPage(frameDocument, rollWidthMm);
    view.focus();
    view.print();
    // Chromium returns from print() when the dialog closes; Firefox returns at once and prints later.
    const remove = () => frame.remove();
    view.addEventListener('afterprint', remove, { once: true });
    setTimeout(remove, REMOVE_FALLBACK_MS);
    removeLater = true;
  } finally {
    if (!removeLater) frame.remove();
  }
}
