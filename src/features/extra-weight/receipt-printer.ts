import type { PaperSize } from '@agent-portal/contract';

/**
 * What these screens need to print a receipt: app/routes hands in the
 * printing feature's path (shell printHtml, else the browser's dialog).
 */
export type ReceiptPrinter = (html: string, paper: PaperSize, deviceName: string | null) => Promise<{ ok: true } | { ok: false; reason: string }>;
