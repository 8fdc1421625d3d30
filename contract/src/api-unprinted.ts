/** Unprinted tickets (server/src/modules/unprinted). */
import type { Endpoint } from './endpoint';
import { unprintedAddresses } from './plain/addresses-unprinted';
import { unprintedPageSchema, unprintedRequestSchema } from './schemas/unprinted';

export const unprintedApi = {
  list: {
    ...unprintedAddresses.list,
    summary:
      "The agent's sold and open tickets never printed, newest first; print each, then record it with savePrintAction ORIGINAL",
    body: unprintedRequestSchema,
    response: unprintedPageSchema,
  },
} as const satisfies Record<string, Endpoint>;
