import type { AxiosRequestConfig } from 'axios';
import type {
  Endpoint,
  EndpointAddress,
  EndpointAt,
  PathParams,
  RequestBody,
  ResponseBody,
} from '@agent-portal/contract';
import type { z } from 'zod';
import { buildPath, FILE_REQUEST_TIMEOUT_MS } from '../contract';
import { noteCallWorked, noteSalesRestricted } from '../maintenance/maintenance-store';
import { notifyApiError } from '../notify/notifier';
import { ApiError, toApiError } from './api-error';

type ParamsOption<E extends Endpoint> = E['params'] extends object ? { params: PathParams<E> } : { params?: undefined };
type BodyOption<E extends Endpoint> = E['body'] extends object ? { body: RequestBody<E> } : { body?: undefined };
/** A scalar of a query string; undefined leaves the parameter out. */
type QueryValue = string | number | boolean | undefined;
/**
 * Typed from the endpoint's query schema when it declares one (required when
 * the schema has required keys); an endpoint without one takes plain values.
 */
type QueryOption<E extends Endpoint> = E['query'] extends z.ZodType
  ? Record<string, never> extends z.input<E['query']>
    ? { query?: z.input<E['query']> }
    : { query: z.input<E['query']> }
  : { query?: Record<string, QueryValue> };
type NeedsOptions<E extends Endpoint> = E['params'] extends object
  ? true
  : E['body'] extends object
    ? true
    : E['query'] extends z.ZodType
      ? Record<string, never> extends z.input<E['query']>
        ? false
        : true
      : false;

export type CallOptions<E extends Endpoint> = ParamsOption<E> &
  BodyOption<E> &
  QueryOption<E> & {
    /**
     * No toast on failure: only for calls whose failure the agent is not told
     * about as an error (a background record, a look-up where "not found" is
     * the normal case, the session look-ups the start-up notice covers). A
     * caller that still wants it shown calls notifyApiError, never its own text.
     */
    silent?: boolean;
    /** Use this token instead of the stored one (the sign-in sequence, before it stores it). */
    token?: string;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };

type Args<E extends Endpoint> = NeedsOptions<E> extends true ? [options: CallOptions<E>] : [options?: CallOptions<E>];

/** Query parameters as axios sends them, without the ones left undefined. */
function queryParams(query: Record<string, unknown> | undefined): Record<string, string> | undefined {
  if (!query) return undefined;
  const entries = Object.entries(query).filter(([, v]) => v !== undefined && v !== null);
  return entries.length ? Object.fromEntries(entries.map(([k, v]) => [k, String(v)])) : undefined;
}

/** A failed file call answers its JSON error as a Blob: read it so the reason shows. */
async function withJsonErrorBody(error: unknown): Promise<unknown> {
  const response = (error as { response?: { data?: unknown } } | null)?.response;
  if (!response || typeof Blob === 'undefined' || !(response.data instanceof Blob)) return error;
  try {
    response.data = JSON.parse(await response.data.text()) as unknown;
  } catch {
    // Not JSON: the status alone gives the reason.
  }
  return error;
}

/**
 * The typed fetcher: request and answer types come from the contract
 * endpoint's zod schemas (of the endpoint itself, or of the contract's
 * endpoint at a plain address: EndpointAt, types only). Failures reject with
 * an ApiError and, unless the call is silent or was called off (its signal
 * aborted), show the reason's localised toast: the one place API errors are
 * shown (lib/notify/notifier).
 */
export async function callApi<A extends EndpointAddress>(
  endpoint: A,
  ...[options]: Args<EndpointAt<A>>
): Promise<ResponseBody<EndpointAt<A>>> {
  type E = EndpointAt<A>;
  const opts = (options ?? {}) as CallOptions<Endpoint> & {
    params?: Record<string, unknown>;
    body?: unknown;
    query?: Record<string, unknown>;
  };
  const pathParams = Object.fromEntries(Object.entries(opts.params ?? {}).map(([k, v]) => [k, String(v)]));
  const config: AxiosRequestConfig = {
    method: endpoint.method,
    url: buildPath(endpoint.path, pathParams),
    data: opts.body,
    params: queryParams(opts.query),
    signal: opts.signal,
    headers: { ...opts.headers, ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}) },
    responseType: endpoint.file ? 'blob' : 'json',
    ...(endpoint.file ? { timeout: FILE_REQUEST_TIMEOUT_MS } : {}),
  };
  try {
    // The client (and axios) load with the first call rather than with the sign-in page.
    const { http } = await import('./client');
    const response = await http.request<ResponseBody<E>>(config);
    if (import.meta.env.DEV && !endpoint.file) void warnOnDrift(endpoint, response.data);
    // The maintenance banner learns from the calls too, for a server without GET /api/maintenance.
    noteCallWorked(endpoint.method, endpoint.path);
    return response.data;
  } catch (error) {
    const apiError: ApiError = toApiError(endpoint.file ? await withJsonErrorBody(error) : error);
    if (apiError.reason === 'SALES_RESTRICTED')
      noteSalesRestricted(apiError.message && apiError.message !== apiError.reason ? apiError.message : null);
    if (!opts.silent && !opts.signal?.aborted) notifyApiError(apiError);
    throw apiError;
  }
}

/**
 * In development, say when the server's answer drifts from the contract. The
 * schemas load on demand (some endpoints here carry only their address), and
 * production builds drop this branch entirely.
 */
async function warnOnDrift(endpoint: EndpointAddress, data: unknown): Promise<void> {
  const contract = await import('@agent-portal/contract');
  const tables: Record<string, Endpoint>[] = [contract.authApi, contract.lookupApi, contract.deviceApi];
  const full = tables
    .flatMap((table) => Object.values(table))
    .find((e) => e.method === endpoint.method && e.path === endpoint.path);
  const result = full?.response.safeParse(data);
  if (result && !result.success)
    console.warn(`[contract] ${endpoint.method} ${endpoint.path} answered off-contract`, result.error.issues);
}
