/**
 * What the definitions share about calling: JSON for the table, with the
 * format sent explicitly (three reports answer a PDF by default), and the
 * contract's reportFilesApi (same endpoints, file: true) for downloads.
 */
import type { ReportFileBody } from '@agent-portal/contract';
import type { FileDownload } from '../shell/types';

export { reportFilesApi as reportFiles } from '@agent-portal/contract';

export const JSON_FORMAT = { format: 'json' } as const;

/**
 * callApi asks for a file call with responseType blob, so what arrives is a Blob (the contract names only its shape).
 */
export const asBlob = (file: Promise<ReportFileBody>): Promise<Blob> => file as Promise<unknown> as Promise<Blob>;

/** A download's query: its format and language, and the name the portal asks its progress by. */
export const fileQuery = (file: FileDownload) => ({ format: file.format, lang: file.lang, job: file.job });
