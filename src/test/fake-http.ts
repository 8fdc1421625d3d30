import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { http } from '../lib/api/client';

export type Reply = { status: number; data?: unknown } | 'network-error' | 'timeout';
export type Handler = (request: InternalAxiosRequestConfig) => Reply | Promise<Reply>;

/**
 * Replaces axios's adapter, the HTTP boundary, with canned answers keyed by
 * "METHOD /path". Everything above it (interceptors, callApi) runs for real.
 */
export function fakeHttp(routes: Record<string, Handler | Reply>) {
  const requests: InternalAxiosRequestConfig[] = [];
  const adapter: AxiosAdapter = async (config) => {
    requests.push(config);
    const key = `${(config.method ?? 'get').toUpperCase()} ${config.url ?? ''}`;
    const route = routes[key];
    const reply: Reply =
      typeof route === 'function'
        ? await route(config)
        : (route ?? { status: 404, data: { reason: 'RESOURCE_NOT_FOUND' } });
    if (reply === 'network-error') throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config);
    if (reply === 'timeout') throw new AxiosError('timeout of 60000ms exceeded', AxiosError.ECONNABORTED, config);
    const response: AxiosResponse = {
      status: reply.status,
      statusText: String(reply.status),
      data: reply.data,
      headers: new AxiosHeaders(),
      config,
    };
    if (reply.status >= 400) {
      throw new AxiosError(
        `Request failed with status code ${reply.status}`,
        AxiosError.ERR_BAD_REQUEST,
        config,
        null,
        response,
      );
    }
    return response;
  };
  http.defaults.adapter = adapter;
  return { requests };
}
