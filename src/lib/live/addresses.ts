/**
 * The live calls: this server's extension (contract/src/api-live.ts), asked for, never assumed. The plain addresses
 * at run time (no zod in the shell's first load), typed as the contract's endpoints.
 */
import type { liveApi } from '@agent-portal/contract';
import { liveAddresses } from '../contract';

export const liveCalls = {
  live: liveAddresses.live as typeof liveApi.live,
  trips: liveAddresses.liveTrips as typeof liveApi.liveTrips,
};
