import type { TextFieldFailure } from '@agent-portal/contract';
import type { FastifyInstance } from 'fastify';
import { sendError } from './error-handler';

/** The field code of a text holding a NUL character; the portal translates it. */
const NUL_CHARACTER: TextFieldFailure = 'NUL_CHARACTER';

const NUL = '\u0000';

/** Where a value sits in its part: its key, and where its parent sits (null for the part itself). */
type Place = { key: string; parent: Place | null } | null;

/** "passenger.name", "seats.0"; a value that is the whole part is named by the part, as the validator does. */
function nameOf(place: Place, part: string): string {
  const keys: string[] = [];
  for (let at = place; at; at = at.parent) keys.push(at.key);
  return keys.length === 0 ? part : keys.reverse().join('.');
}

/**
 * The fields of `value` (a request's params, query or body) whose text or key holds a NUL. Walked with a stack of its
 * own, not by recursion, and each value's place kept as a link to its parent's: a body may nest arrays as deep as its
 * size allows, and a path copied per value would grow with the square of that depth.
 */
function nulFields(value: unknown, part: string, out: Record<string, string>): void {
  const pending: { value: unknown; place: Place }[] = [{ value, place: null }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value: node, place } = next;
    if (typeof node === 'string') {
      if (node.includes(NUL)) out[nameOf(place, part)] = NUL_CHARACTER;
    } else if (Array.isArray(node)) {
      node.forEach((element, index) => pending.push({ value: element, place: { key: String(index), parent: place } }));
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, element] of Object.entries(node)) {
        const at = { key, parent: place };
        if (key.includes(NUL)) out[nameOf(at, part)] = NUL_CHARACTER;
        else pending.push({ value: element, place: at });
      }
    }
  }
}

/**
 * No text the server takes may hold a NUL character (U+0000). PostgreSQL's text cannot store one (SQLSTATE 22021), so
 * such a request failed in the database with a 500; SQLite stored it, for a printer driver or a C library to cut the
 * text short at it later. No one types a NUL at a counter: it comes from a script, or a paste out of a damaged file.
 * Every request's params, query and body are looked through before validation (after the session check, so a
 * request without one still answers 401 first): 400 VALIDATION_FAILED naming each such field, with NUL_CHARACTER.
 */
export function installNulCharacterRefusal(app: FastifyInstance): void {
  app.addHook('preValidation', async (request, reply) => {
    const fields: Record<string, string> = {};
    nulFields(request.params, 'params', fields);
    nulFields(request.query, 'query', fields);
    nulFields(request.body, 'body', fields);
    if (Object.keys(fields).length > 0)
      return sendError(reply, 'VALIDATION_FAILED', { fields }, 'A field holds a NUL character (U+0000)');
  });
}
