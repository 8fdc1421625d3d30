import { randomUUID } from 'node:crypto';
import { BrowserWindow, session, type Session, type WebContents } from 'electron';
import type { PrinterInfo } from '@agent-portal/contract';
import { APP_SCHEME } from '../services/app-content';
import type { PrintRendererPort, RenderedPage } from '../services/print-queue';
import { TICKET_CSP } from '../security/csp';
import { denyAllPermissions } from './electron-app';

/**
 * Renders tickets off screen for webContents.print / printToPDF.
 *
 * Each ticket loads in a hidden window with no preload, the sandbox and
 * context isolation on, in its own in-memory session that can reach nothing
 * but the ticket itself. The ticket is served from app://ticket/<id> with a
 * CSP header of `default-src 'none'; script-src 'none'; ...`.
 *
 * Why JavaScript is not switched off with webPreferences.javascript=false:
 * the shell must wait for document.fonts.ready and image decoding before it
 * prints (blank or fallback-font tickets otherwise) and measure the content
 * height, and with javascript=false Chromium refuses all script execution,
 * webContents.executeJavaScript included. Instead the page's own scripts are
 * blocked by that CSP header (set by us, not the ticket, so a ticket cannot
 * weaken it; inline handlers and javascript: URLs are covered too) while the
 * shell's fixed measuring snippet, injected by the embedder, is not subject
 * to the page's CSP (it is retried in an isolated world, and failing both the
 * job prints after a fixed wait at a default height rather than not at all).
 * The ticket has no preload and no bridge: even a script that slipped through
 * could reach nothing but its own page.
 */

export const TICKET_HOST = 'ticket';
const TICKET_ORIGIN = `${APP_SCHEME}://${TICKET_HOST}`;
const PRINT_PARTITION = 'agent-portal-print';

/**
 * Waits for fonts and images (at most 3 s each), lets layout settle,
 * answers the content height in CSS px. A constant: nothing from the ticket
 * is ever spliced into code.
 */
const MEASURE_SCRIPT =
  '(async () => {' +
  ' const settle = (ms) => new Promise((resolve) => setTimeout(resolve, ms));' +
  ' await Promise.race([document.fonts.ready, settle(3000)]);' +
  ' await Promise.all(Array.from(document.images, (img) => Promise.race([img.decode().catch(() => undefined), settle(3000)])));' +
  ' await settle(50);' +
  ' const body = document.body;' +
  ' return Math.ceil(Math.max(document.documentElement.scrollHeight, body ? body.scrollHeight : 0, 1));' +
  '})()';

/** When the height cannot be measured: long enough for a full 80 mm ticket. */
const FALLBACK_HEIGHT_PX = 1_200;

const tickets = new Map<string, string>();
let printSession: Session | null = null;

function ticketSession(): Session {
  if (printSession) return printSession;
  const ses = session.fromPartition(PRINT_PARTITION, { cache: false });
  ses.protocol.handle(APP_SCHEME, (request) => {
    const url = new URL(request.url);
    const html = url.host === TICKET_HOST ? tickets.get(url.pathname.slice(1)) : undefined;
    if (html === undefined) return new Response('Not found', { status: 404 });
    return new Response(html, {
      status: 200,
      headers: {
        'Content-Type': 'text/html; charset=utf-8',
        'Content-Security-Policy': TICKET_CSP,
        'X-Content-Type-Options': 'nosniff',
      },
    });
  });
  // The ticket reaches nothing outside itself: no tracking pixel, no remote font.
  ses.webRequest.onBeforeRequest((details, callback) => {
    const allowed = details.url.startsWith(`${TICKET_ORIGIN}/`) || details.url.startsWith('data:');
    callback({ cancel: !allowed });
  });
  denyAllPermissions(ses);
  printSession = ses;
  return ses;
}

function isDefaultPrinter(options: Record<string, unknown> | undefined): boolean {
  if (!options) return false;
  return options['is-default'] === 'true' || options['printer-is-default'] === 'true' || options.isDefault === true;
}

export function createPrintRenderer(): PrintRendererPort {
  return {
    async listPrinters(): Promise<PrinterInfo[]> {
      // Printers are listed through a webContents; a throwaway hidden one keeps the portal's out of it.
      const probe = new BrowserWindow({
        show: false,
        webPreferences: {
          session: ticketSession(),
          sandbox: true,
          contextIsolation: true,
          disableBlinkFeatures: 'Auxclick',
        },
      });
      try {
        return toPrinterInfo(await probe.webContents.getPrintersAsync());
      } finally {
        probe.destroy();
      }
    },

    async render(html, widthPx): Promise<RenderedPage> {
      const id = randomUUID();
      tickets.set(id, html);
      const win = new BrowserWindow({
        show: false,
        width: widthPx,
        height: 600,
        useContentSize: true,
        // A long receipt's window is taller than the screen (macOS clamps otherwise).
        enableLargerThanScreen: true,
        webPreferences: {
          session: ticketSession(),
          sandbox: true,
          contextIsolation: true,
          nodeIntegration: false,
          webSecurity: true,
          javascript: true,
          images: true,
          webviewTag: false,
          spellcheck: false,
          backgroundThrottling: false,
          devTools: false,
          disableBlinkFeatures: 'Auxclick',
        },
      });
      const close = () => {
        tickets.delete(id);
        if (!win.isDestroyed()) win.destroy();
      };
      try {
        await win.loadURL(`${TICKET_ORIGIN}/${id}`);
        const measured = await measure(win.webContents);
        const contentHeightPx = measured ?? FALLBACK_HEIGHT_PX;
        // Long receipts are cut at the window height: make the window as tall as the ticket.
        win.setContentSize(widthPx, Math.min(contentHeightPx, 30_000));
        return {
          contentHeightPx,
          print: (options) =>
            new Promise<void>((resolve, reject) => {
              if (win.isDestroyed()) return reject(new Error('The print window is gone'));
              win.webContents.print(options, (success, failureReason) =>
                success ? resolve() : reject(new Error(failureReason || 'Print job failed')),
              );
            }),
          printToPdf: async ({ pageSize }) =>
            win.webContents.printToPDF({
              pageSize,
              margins: { top: 0, bottom: 0, left: 0, right: 0 },
              printBackground: true,
              preferCSSPageSize: false,
            }),
          close,
        };
      } catch (error) {
        close();
        throw error;
      }
    },
  };
}

/** An isolated world of our own: the page's scripts can never reach into it. */
const MEASURE_WORLD_ID = 1001;
const MEASURE_ATTEMPT_MS = 8_000;

/**
 * The content height, measured once fonts and images are ready. Tried in
 * the page's main world first, then in an isolated world (which the page's
 * CSP does not govern); if neither answers, the ticket gets a fixed settle
 * time and a default height, and the job still prints.
 */
async function measure(contents: WebContents): Promise<number | null> {
  const attempts: Array<() => Promise<unknown>> = [
    () => contents.executeJavaScript(MEASURE_SCRIPT),
    () => contents.executeJavaScriptInIsolatedWorld(MEASURE_WORLD_ID, [{ code: MEASURE_SCRIPT }]),
  ];
  for (const attempt of attempts) {
    try {
      const measured = Number(await within(attempt(), MEASURE_ATTEMPT_MS));
      if (Number.isFinite(measured) && measured > 0) return measured;
    } catch {
      // try the next way
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 1_000));
  return null;
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timed out')), ms)),
  ]);
}

function toPrinterInfo(printers: Electron.PrinterInfo[]): PrinterInfo[] {
  return printers.map((p) => ({
    name: p.name ?? '',
    displayName: p.displayName ?? '',
    isDefault: isDefaultPrinter(p.options as Record<string, unknown> | undefined),
  }));
}
