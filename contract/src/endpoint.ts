import type { z } from 'zod';
import type { EndpointAddress } from './plain/address';

/**
 * One HTTP call of the API the portal calls, in the shape of a ts-rest contract
 * entry: the server registers a route from it (validation and OpenAPI), the
 * portal types its fetcher from it. Its address (method, path, auth, file)
 * comes from plain/addresses.ts.
 */
export interface Endpoint extends EndpointAddress {
  summary: string;
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The success answer (HTTP 200). Errors always answer apiErrorSchema. */
  response: z.ZodType;
}

export type RequestBody<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
export type ResponseBody<E extends Endpoint> = z.infer<E['response']>;
export type PathParams<E extends Endpoint> = E['params'] extends z.ZodType ? z.input<E['params']> : never;
