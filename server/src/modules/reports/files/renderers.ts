/**
 * The PDF and XLSX renderers, loaded on their first file: pdfkit and exceljs cost about 0.6 s of CPU to load, which
 * a starting server need not pay (issue #34: a restart answers in under 2 s), nor ever the main thread of a server
 * whose report workers render the files. The compiled build (scripts/build-server.mjs) keeps each in a chunk of its
 * own for this.
 */
export const pdfRenderer = () => import('./pdf');
export const xlsxRenderer = () => import('./xlsx');
