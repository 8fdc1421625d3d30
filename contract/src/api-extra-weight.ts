/** Extra weight (baggage) charges (server/src/modules/extra-weight). */
import type { Endpoint } from './endpoint';
import { extraWeightAddresses } from './plain/addresses-extra-weight';
import {
  extraWeightChargeRequestSchema,
  extraWeightChargeSchema,
  extraWeightListRequestSchema,
  extraWeightPageSchema,
  extraWeightPnrRequestSchema,
  extraWeightPrintRequestSchema,
} from './schemas/extra-weight';
import { z } from 'zod';

export const extraWeightApi = {
  charge: {
    ...extraWeightAddresses.charge,
    summary:
      'Charge extra weight (baggage) on a sold reservation before departure; debits the balance (Idempotency-Key header honoured)',
    body: extraWeightChargeRequestSchema,
    response: extraWeightChargeSchema,
  },
  cancel: {
    ...extraWeightAddresses.cancel,
    summary:
      'Return an extra weight charge before departure: full refund, status CANCELLED (Idempotency-Key header honoured)',
    body: extraWeightPnrRequestSchema,
    response: extraWeightChargeSchema,
  },
  find: {
    ...extraWeightAddresses.find,
    summary: 'An extra weight charge by its own PNR',
    body: extraWeightPnrRequestSchema,
    response: extraWeightChargeSchema,
  },
  list: {
    ...extraWeightAddresses.list,
    summary: "The agent's extra weight charges under a company (optionally of one reservation), newest first",
    body: extraWeightListRequestSchema,
    response: extraWeightPageSchema,
  },
  savePrintAction: {
    ...extraWeightAddresses.savePrintAction,
    summary: 'Record that an extra weight receipt was printed',
    body: extraWeightPrintRequestSchema,
    response: z.object({ ok: z.literal(true), printCount: z.number().int() }),
  },
} as const satisfies Record<string, Endpoint>;
