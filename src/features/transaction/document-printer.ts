/**
 * What this screen needs to print a document: app/routes hands in the
 * printing feature's path (the shell's printHtml, else the browser's print
 * dialog); features do not import each other.
 */
export type DocumentPrinter = (html: string) => Promise<{ ok: true } | { ok: false; reason: string }>;
