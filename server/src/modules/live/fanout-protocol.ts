/** The messages between the server's process and its fan-out process (fanout-process.ts, fanout-main.ts). */
import type { FanoutLimits } from './fanout';

/** One step of a batch: an event's bytes to streams, or a stream's end (after what was sent to it before). */
export type FanoutStep = { to: readonly string[]; chunk: Uint8Array } | { end: string };

export type ToFanout =
  | { t: 'limits'; limits: FanoutLimits }
  /** Comes with the stream's socket, its headers and first event written; without one when it closed meanwhile. */
  | { t: 'open'; id: string }
  /** What the hub sent in one batch's time, in order: the process writes each stream's share in one write. */
  | { t: 'batch'; steps: FanoutStep[] }
  /** Asks for the socket writes made so far (bench:live). */
  | { t: 'count' }
  /** Ends every stream, then the process. */
  | { t: 'stop' };

export type FromFanout =
  /** It holds the stream's socket now: the server's process lets go of its own descriptor. */
  { t: 'taken'; id: string } | { t: 'closed'; id: string; slow: boolean } | { t: 'count'; writes: number };
