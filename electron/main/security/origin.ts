/**
 * The origin of a URL as "scheme://host[:port]". Node's URL answers "null"
 * for the origin of custom schemes such as app://, so it is spelled out here.
 */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    if (!parsed.host) return null;
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

export function hasOrigin(url: string, origin: string): boolean {
  const actual = originOf(url);
  return actual !== null && actual === originOf(origin);
}
