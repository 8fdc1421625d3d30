/**
 * What the definitions share about calling: JSON for the table, with the
 * format sent explicitly (three reports answer a PDF by default), and the
 * contract's reportFilesApi (same endpoints, file: true) for downloads.
 */
import type { ReportFileBody } from '@agent-portal/contract';

export { reportFilesApi as reportFiles } from '@agent-portal/contract';

export const JSON_FORMAT = { format: 'json' } as const;

/**
 * callApi asks for a file call with responseType blob, so what arrives is a Blob (the contract names only its shape).
 */
export const asBlob = (file: Promise<ReportFileBody>): Promise<Blob> => file as Promise<unknown> as Promise<Blob>;
