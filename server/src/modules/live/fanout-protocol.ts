/** The messages between the server's process and its fan-out process (fanout-process.ts, fanout-main.ts). */
import type { FanoutLimits } from './fanout';

export type ToFanout =
  | { t: 'limits'; limits: FanoutLimits }
  /** Comes with the stream's socket (its headers and first event written); without one when it closed meanwhile. */
  | { t: 'open'; key: number }
  /** One event (its bytes as text: JSON carries a Buffer as an array of numbers) to each of `keys`. */
  | { t: 'send'; keys: number[]; data: string }
  | { t: 'end'; key: number }
  /** Ends every stream, then the process. */
  | { t: 'stop' };

export type FromFanout =
  /** It holds the stream's socket now: the server's process lets go of its own descriptor. */
  { t: 'taken'; key: number } | { t: 'closed'; key: number; slow: boolean };
