import { describe, expect, it, afterEach, beforeAll } from 'vitest';
import { lookupApi, reportFilesApi } from '@agent-portal/contract';
import { fakeHttp } from '../../test/fake-http';
import { resetApp } from '../../test/render-app';
import { initI18n } from '../i18n';
import { ApiError } from './api-error';
import { callApi } from './call-api';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => resetApp());

describe('callApi query and files', () => {
  it('sends the query parameters, leaving out the undefined ones', async () => {
    const { requests } = fakeHttp({ 'GET /api/lookup/company': { status: 200, data: [] } });
    await callApi(lookupApi.companies, { query: { format: 'json', lang: 'bn', skip: undefined } });
    expect(requests[0]?.params).toEqual({ format: 'json', lang: 'bn' });
    await callApi(lookupApi.companies);
    expect(requests[1]?.params).toBeUndefined();
    expect(requests[1]?.timeout).toBe(60_000);
  });

  it('asks for a Blob from a file endpoint and reads the reason of a failed one', async () => {
    const { requests } = fakeHttp({
      'GET /api/reports/outletSales/1/2026-11-01/2026-11-02': {
        status: 403,
        data: new Blob([JSON.stringify({ reason: 'PERMISSION_DENIED' })], { type: 'application/json' }),
      },
    });
    const failure = await callApi(reportFilesApi.outletSales, {
      params: { companyId: 1, fromDate: '2026-11-01', toDate: '2026-11-02' },
      query: { format: 'pdf' },
      silent: true,
    }).catch((e: unknown) => e);
    expect(requests[0]?.responseType).toBe('blob');
    // A file is rendered whole before its first byte: it waits as long as the server keeps a silent connection, not a
    // call's 60 s.
    expect(requests[0]?.timeout).toBe(120_000);
    expect(requests[0]?.params).toEqual({ format: 'pdf' });
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).reason).toBe('PERMISSION_DENIED');
  });
});
