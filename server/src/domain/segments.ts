/**
 * A reservation occupies its seats from its origin stop to its destination
 * stop (stop indexes along the route), so one seat can be sold Dhaka-Cumilla
 * and again Cumilla-Chattogram.
 */
export interface Segment {
  fromIndex: number;
  toIndex: number;
}

/** Two segments share at least one leg of the journey. */
export const segmentsOverlap = (a: Segment, b: Segment): boolean => a.fromIndex < b.toIndex && b.fromIndex < a.toIndex;

/** A segment a trip can carry: forward along the route, within its stops. */
export const isValidSegment = (s: Segment, stopCount: number): boolean =>
  Number.isInteger(s.fromIndex) &&
  Number.isInteger(s.toIndex) &&
  s.fromIndex >= 0 &&
  s.toIndex < stopCount &&
  s.fromIndex < s.toIndex;

/** Whether the segment starts or ends at an intermediate stop (refused when the trip allows no partial sales). */
export const isPartialSegment = (s: Segment, stopCount: number): boolean =>
  s.fromIndex !== 0 || s.toIndex !== stopCount - 1;
