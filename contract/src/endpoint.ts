import type { z } from 'zod';

/**
 * One HTTP call of the API the portal calls, in the shape of a ts-rest contract
 * entry: the server registers a route from it (validation and OpenAPI), the
 * portal types its fetcher from it.
 */
export interface Endpoint {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Fastify-style path, e.g. /api/profile/:companyId */
  path: string;
  summary: string;
  /** public: no session needed; session: a valid bearer token. */
  auth: 'public' | 'session';
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer (HTTP 200). Errors always answer apiErrorSchema. */
  response: z.ZodType;
  /** Answered as a file download rather than JSON. */
  file?: boolean;
}

export type RequestBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
export type ResponseBody<E extends Endpoint> = z.infer<E['response']>;
export type PathParams<E extends Endpoint> = E['params'] extends z.ZodType ? z.input<E['params']> : never;

/** Fills :name placeholders of an endpoint path. */
export function buildPath(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${path}`);
    return encodeURIComponent(String(value));
  });
}
