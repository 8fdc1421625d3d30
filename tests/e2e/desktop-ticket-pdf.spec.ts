/**
 * The ticket as the shell prints it: renderTicketHtml's document (rendered
 * here in Node, with the Bengali font read from resources/fonts and passed
 * explicitly), laid out in Chromium at the roll's width and printed to PDF.
 * The PDF page must be exactly 80 mm wide, one page long, and no line of the
 * ticket may stick out of its column (a thermal head would clip it).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { PaperSize, Reservation } from '@agent-portal/contract';
import { expect, test, type Page } from '@playwright/test';
import { build } from 'esbuild';
import { soldReservation } from '../../src/test/reservation-fixture';

type RenderTicketHtml = (
  reservation: Reservation,
  options: {
    language: 'en' | 'bn';
    paper: PaperSize;
    printType: 'ORIGINAL' | 'REPRINT';
    fonts: { regular: string; bold: string };
    printedAt?: Date;
  },
) => string;

/**
 * The portal's own renderer. Node's ESM loader cannot run portal modules as
 * they are (bare "dayjs/plugin/utc" imports, Vite's import.meta.glob), so the
 * module is bundled the way Vite would (esbuild, browser field) and imported
 * from memory. Its Vite-only font imports (?inline) are never reached: the
 * fonts are passed in.
 */
async function loadRenderer(): Promise<RenderTicketHtml> {
  const result = await build({
    entryPoints: ['src/lib/printing/ticket-html.ts'],
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'browser',
    external: ['*?inline'],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0]!.text;
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code).toString('base64')}`)) as {
    renderTicketHtml: RenderTicketHtml;
  };
  return module.renderTicketHtml;
}

const MM_TO_PT = 72 / 25.4;
const MM_TO_PX = 96 / 25.4;

const fontData = (file: string) =>
  `data:font/ttf;base64,${readFileSync(join('resources', 'fonts', file)).toString('base64')}`;
const FONTS = { regular: fontData('NotoSansBengali-Regular.ttf'), bold: fontData('NotoSansBengali-Bold.ttf') };

/** A long name, a long route and four seats: the worst case of a real sale. */
const reservation = soldReservation({
  passenger: {
    name: 'Mohammad Abdur Rahman Chowdhury Siddiqui',
    phone: '01711000000',
    countryCode: 'BD',
    email: null,
    remarks: null,
  },
  routeName: 'Dhaka - Chattogram - Cox’s Bazar - Teknaf (Marine Drive)',
  seats: ['A1', 'A2', 'B1', 'B2'].map((name) => ({
    name,
    seatType: 'Business' as const,
    fare: 12500,
    discount: 0,
    status: 1 as const,
  })),
  fare: 50000,
  discount: 0,
  totalFare: 50000,
});

function mediaBoxes(pdf: Buffer): number[][] {
  const text = pdf.toString('latin1');
  return [...text.matchAll(/\/MediaBox\s*\[\s*([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s+([-\d.]+)\s*\]/g)].map((m) =>
    m.slice(1, 5).map(Number),
  );
}

async function overflows(page: Page) {
  return page.evaluate(() => {
    const ticket = document.querySelector<HTMLElement>('.ticket');
    if (!ticket) throw new Error('no .ticket');
    const box = ticket.getBoundingClientRect();
    const outside = [...ticket.querySelectorAll<HTMLElement>('*')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && (r.left < box.left - 0.5 || r.right > box.right + 0.5);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}: ${el.textContent?.slice(0, 40)}`);
    const scrolling = [ticket, ...ticket.querySelectorAll<HTMLElement>('*')]
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${el.scrollWidth}>${el.clientWidth}`);
    return {
      outside,
      scrolling,
      ticketScrollWidth: ticket.scrollWidth,
      ticketClientWidth: ticket.clientWidth,
      pageScrollWidth: document.documentElement.scrollWidth,
      pageClientWidth: document.documentElement.clientWidth,
      bengaliLoaded: document.fonts.check('10pt "Ticket Bengali"', 'কল্যাণপুর'),
    };
  });
}

for (const language of ['en', 'bn'] as const) {
  test(`the ${language} ticket prints to an 80 mm PDF page with nothing clipped`, async ({ page }) => {
    const renderTicketHtml = await loadRenderer();
    const html = renderTicketHtml(reservation, {
      language,
      paper: '80mm',
      printType: 'ORIGINAL',
      fonts: FONTS,
      printedAt: new Date('2026-11-21T11:05:00Z'),
    });
    expect(html).toContain('@font-face');

    // The roll's width as the viewport, the way the shell sizes its print window.
    await page.setViewportSize({ width: Math.round(80 * MM_TO_PX), height: 800 });
    await page.emulateMedia({ media: 'print' });
    await page.setContent(html, { waitUntil: 'load' });
    await page.evaluate(() => document.fonts.ready);

    const layout = await overflows(page);
    expect(layout.bengaliLoaded).toBe(true);
    expect(layout.outside).toEqual([]);
    expect(layout.scrolling).toEqual([]);
    expect(layout.ticketScrollWidth).toBeLessThanOrEqual(layout.ticketClientWidth);
    expect(layout.pageScrollWidth).toBeLessThanOrEqual(layout.pageClientWidth);

    const heightPx = await page.evaluate(() => Math.ceil(document.documentElement.scrollHeight));
    await page.screenshot({ path: `tests/artifacts/ticket-80mm-${language}.png`, fullPage: true });

    const pdf = await page.pdf({
      width: '80mm',
      height: `${heightPx}px`,
      margin: { top: '0', right: '0', bottom: '0', left: '0' },
      printBackground: true,
    });
    writeFileSync(`tests/artifacts/ticket-80mm-${language}.pdf`, pdf);
    const boxes = mediaBoxes(pdf);
    expect(boxes.length, 'one page: the ticket is not cut across pages').toBe(1);
    const [x0, y0, x1, y1] = boxes[0]!;
    // 80 mm = 226.77 pt; Chromium rounds the paper to its own units (227.04 pt, a tenth of a millimetre).
    expect(Math.abs(x1 - x0 - 80 * MM_TO_PT)).toBeLessThan(0.5);
    expect(Math.abs(y1 - y0 - (heightPx / 96) * 72)).toBeLessThan(1);
    // Chromium embeds the fonts the page used: the Bengali one must be among them.
    expect(pdf.toString('latin1')).toMatch(/FontName\s*\/[A-Z]{6}\+NotoSansBengali/);
  });
}
