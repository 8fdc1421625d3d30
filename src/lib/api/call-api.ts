import type { AxiosRequestConfig } from 'axios';
import type { Endpoint, PathParams, RequestBody, ResponseBody } from '@agent-portal/contract';
import { buildPath } from '../contract';
import { notifyReason } from '../notify/notifier';
import { ApiError, toApiError } from './api-error';

type ParamsOption<E extends Endpoint> = E['params'] extends object ? { params: PathParams<E> } : { params?: undefined };
type BodyOption<E extends Endpoint> = E['body'] extends object ? { body: RequestBody<E> } : { body?: undefined };

export type CallOptions<E extends Endpoint> = ParamsOption<E> &
  BodyOption<E> & {
    /** Skip the global error notification: the caller shows the error itself. */
    silent?: boolean;
    /** Use this token instead of the stored one (the sign-in sequence, before it stores it). */
    token?: string;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };

type Args<E extends Endpoint> = E['params'] extends object
  ? [options: CallOptions<E>]
  : E['body'] extends object
    ? [options: CallOptions<E>]
    : [options?: CallOptions<E>];

/**
 * The typed fetcher: request and answer types come from the contract
 * endpoint's zod schemas. Failures reject with an ApiError and, unless the
 * call is silent, show the reason's localised message.
 */
export async function callApi<E extends Endpoint>(endpoint: E, ...[options]: Args<E>): Promise<ResponseBody<E>> {
  const opts = (options ?? {}) as CallOptions<Endpoint> & { params?: Record<string, unknown>; body?: unknown };
  const pathParams = Object.fromEntries(Object.entries(opts.params ?? {}).map(([k, v]) => [k, String(v)]));
  const config: AxiosRequestConfig = {
    method: endpoint.method,
    url: buildPath(endpoint.path, pathParams),
    data: opts.body,
    signal: opts.signal,
    headers: { ...opts.headers, ...(opts.token ? { Authorization: `Bearer ${opts.token}` } : {}) },
    responseType: endpoint.file ? 'blob' : 'json',
  };
  try {
    // The client (and axios) load with the first call rather than with the sign-in page.
    const { http } = await import('./client');
    const response = await http.request<ResponseBody<E>>(config);
    if (import.meta.env.DEV && !endpoint.file) void warnOnDrift(endpoint, response.data);
    return response.data;
  } catch (error) {
    const apiError: ApiError = toApiError(error);
    if (!opts.silent && !apiError.sessionExpired) notifyReason(apiError.reason, apiError.details);
    throw apiError;
  }
}

/**
 * In development, say when the server's answer drifts from the contract. The
 * schemas load on demand (some endpoints here carry only their address), and
 * production builds drop this branch entirely.
 */
async function warnOnDrift(endpoint: Endpoint, data: unknown): Promise<void> {
  const contract = await import('@agent-portal/contract');
  const tables: Record<string, Endpoint>[] = [contract.authApi, contract.lookupApi, contract.deviceApi];
  const full = tables.flatMap((table) => Object.values(table)).find((e) => e.method === endpoint.method && e.path === endpoint.path);
  const result = full?.response.safeParse(data);
  if (result && !result.success) console.warn(`[contract] ${endpoint.method} ${endpoint.path} answered off-contract`, result.error.issues);
}
