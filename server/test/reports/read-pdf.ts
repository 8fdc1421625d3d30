/** A PDF file's text as a reader gets it (pdf.js): per page, per drawn piece, and the raw bytes. */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

export async function readPdf(file: Buffer) {
  const pdf = await getDocument({ data: new Uint8Array(file), verbosity: 0, isEvalSupported: false }).promise;
  const pages: string[] = [];
  /** Every piece of text drawn on its own (a cell, a label, one script run of either). */
  const items: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    const strings = content.items.map((item) => ('str' in item ? item.str : '')).filter((s) => s.trim() !== '');
    items.push(...strings.map((s) => s.trim()));
    pages.push(strings.join(' ').replace(/\s+/g, ' '));
  }
  await pdf.destroy();
  return { pages, items, text: pages.join(' '), raw: file.toString('latin1') };
}
