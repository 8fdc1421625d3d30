import { authApi, lookupApi } from '@agent-portal/contract';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeHttp } from '../../test/fake-http';
import { profileWith } from '../../test/fixtures';
import { resetApp } from '../../test/render-app';
import { useSessionStore } from '../../stores/session-store';
import { initI18n } from '../i18n';
import { bindNotifications, notifyApiError } from '../notify/notifier';
import { captureNoticeTitles } from '../../test/notices';
import { onSessionExpired, setApiBaseUrl } from './api-config';
import { ApiError } from './api-error';
import { callApi } from './call-api';
import { http } from './client';
import { handleSessionExpired } from '../session';

const profileCall = () => callApi(authApi.profile, { params: { companyId: 7 } });

beforeAll(async () => {
  await initI18n('en');
  onSessionExpired(handleSessionExpired);
});

afterEach(() => {
  resetApp();
  setApiBaseUrl(null);
  bindNotifications(null);
  window.history.replaceState(null, '', '/');
});

describe('requests', () => {
  it('asks for JSON, fills path parameters and sends the stored bearer token', async () => {
    const { requests } = fakeHttp({ 'GET /api/profile/7': { status: 200, data: profileWith([]) } });
    useSessionStore.setState({ token: 'tok-1' });
    await profileCall();
    expect(requests[0]?.headers.get('Accept')).toBe('application/json');
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer tok-1');
    expect(requests[0]?.timeout).toBe(60_000);
  });

  it('sends no Authorization header without a token', async () => {
    const { requests } = fakeHttp({ 'GET /api/lookup/company': { status: 200, data: [] } });
    await callApi(lookupApi.companies);
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
  });

  it('copies the trimmed developer-token query parameter into a header', async () => {
    window.history.replaceState(null, '', '/reservation?developer-token=%20dev-42%20');
    const { requests } = fakeHttp({ 'GET /api/lookup/company': { status: 200, data: [] } });
    await callApi(lookupApi.companies);
    expect(requests[0]?.headers.get('developer-token')).toBe('dev-42');
  });

  it("goes to the shell's server address when there is one", async () => {
    setApiBaseUrl('https://agency.example/');
    const { requests } = fakeHttp({ 'GET /api/lookup/company': { status: 200, data: [] } });
    await callApi(lookupApi.companies);
    expect(requests[0]?.baseURL).toBe('https://agency.example');
  });
});

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    return error as ApiError;
  }
  throw new Error('the call did not fail');
}

describe('errors', () => {
  it('reads the reason, details and field errors from the answer', async () => {
    fakeHttp({
      'POST /api/changePassword': {
        status: 400,
        data: { reason: 'VALIDATION_FAILED', details: { fields: { newPassword: 'PASSWORD_TOO_SHORT' } } },
      },
    });
    useSessionStore.setState({ token: 't' });
    const error = await failure(
      callApi(authApi.changePassword, {
        body: { currentPassword: 'a', newPassword: 'b', confirmPassword: 'b' },
        silent: true,
      }),
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error.reason).toBe('VALIDATION_FAILED');
    expect(error.status).toBe(400);
    expect(error.fieldErrors).toEqual({ newPassword: 'PASSWORD_TOO_SHORT' });
  });

  it('turns a timeout into REQUEST_TIMEOUT and a dead server into SERVER_UNREACHABLE', async () => {
    fakeHttp({ 'GET /api/lookup/company': 'timeout' });
    expect((await failure(callApi(lookupApi.companies, { silent: true }))).reason).toBe('REQUEST_TIMEOUT');
    fakeHttp({ 'GET /api/lookup/company': 'network-error' });
    expect((await failure(callApi(lookupApi.companies, { silent: true }))).reason).toBe('SERVER_UNREACHABLE');
  });

  it('says NO_INTERNET_CONNECTION when the browser is offline', async () => {
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    fakeHttp({ 'GET /api/lookup/company': 'network-error' });
    expect((await failure(callApi(lookupApi.companies, { silent: true }))).reason).toBe('NO_INTERNET_CONNECTION');
    onLine.mockRestore();
  });

  it('shows the localised reason unless the call opts out', async () => {
    const shown = captureNoticeTitles();
    fakeHttp({ 'GET /api/lookup/company': { status: 503, data: { reason: 'SALES_RESTRICTED' } } });
    await failure(callApi(lookupApi.companies));
    await failure(callApi(lookupApi.companies, { silent: true }));
    expect(shown).toEqual(['System is in under maintenance']);
  });

  it('shows a failure once, however often a screen passes it on, and not at all for a call called off', async () => {
    const shown = captureNoticeTitles();
    fakeHttp({ 'GET /api/lookup/company': { status: 400, data: { reason: 'INVALID_DISCOUNT_COUPON' } } });
    const error = await failure(callApi(lookupApi.companies));
    notifyApiError(error);
    notifyApiError(error);
    expect(shown).toHaveLength(1);
    const controller = new AbortController();
    fakeHttp({ 'GET /api/lookup/company': () => (controller.abort(), 'network-error') });
    await failure(callApi(lookupApi.companies, { signal: controller.signal }));
    expect(shown).toHaveLength(1);
  });
});

describe('a 401 outside the sign-in page', () => {
  it('signs out, keeps the page and flags the expired session', async () => {
    window.history.replaceState(null, '', '/report/sales-summary?day=2');
    useSessionStore.setState({ token: 'stale', companyId: 1 });
    fakeHttp({ 'GET /api/profile/7': { status: 401, data: { reason: 'INVALID_SESSION' } } });
    const error = await failure(profileCall());
    expect(error.sessionExpired).toBe(true);
    const session = useSessionStore.getState();
    expect(session).toMatchObject({
      token: null,
      companyId: null,
      invalidSession: true,
      redirectUrl: '/report/sales-summary?day=2',
    });
  });

  it('a refusal that ends the session (its user, agent or outlet inactive) signs out as a 401 does, keeping why', async () => {
    for (const reason of ['USER_INACTIVE', 'AGENT_INACTIVE', 'BRANCH_INACTIVE', 'BRANCH_NOT_ASSIGNED']) {
      window.history.replaceState(null, '', '/deposit');
      useSessionStore.setState({ token: 'stale', companyId: 1 });
      fakeHttp({ 'GET /api/profile/7': { status: 403, data: { reason } } });
      const error = await failure(profileCall());
      expect(error.sessionExpired).toBe(true);
      expect(useSessionStore.getState()).toMatchObject({ token: null, invalidSession: true, sessionEndReason: reason });
      resetApp();
    }
  });

  it('PASSWORD_EXPIRED keeps the session for the password change alone', async () => {
    window.history.replaceState(null, '', '/deposit');
    useSessionStore.setState({ token: 'tok', companyId: 1 });
    fakeHttp({ 'GET /api/profile/7': { status: 422, data: { reason: 'PASSWORD_EXPIRED' } } });
    const error = await failure(profileCall());
    expect(error.sessionExpired).toBe(false);
    expect(useSessionStore.getState()).toMatchObject({ token: 'tok', passwordExpired: true, invalidSession: false });
  });

  it('is only a failed call on the sign-in page', async () => {
    window.history.replaceState(null, '', '/login');
    useSessionStore.setState({ token: 'keep' });
    fakeHttp({ 'POST /api/login': { status: 401, data: { reason: 'BAD_CREDENTIALS' } } });
    const error = await failure(callApi(authApi.login, { body: { username: 'a', password: 'b' }, silent: true }));
    expect(error.reason).toBe('BAD_CREDENTIALS');
    expect(useSessionStore.getState()).toMatchObject({ token: 'keep', invalidSession: false });
  });
});

describe('a database hiccup (503 DATABASE_BUSY or DATABASE_UNAVAILABLE)', () => {
  const hiccup = (reason: string, retryAfterSeconds = 0) => ({
    status: 503,
    data: { reason, details: { retryAfterSeconds } },
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends a read once more after the wait the server names, and the call has its answer', async () => {
    let n = 0;
    const { requests } = fakeHttp({
      'GET /api/lookup/company': () => (++n === 1 ? hiccup('DATABASE_BUSY') : { status: 200, data: [] }),
    });
    expect(await callApi(lookupApi.companies)).toEqual([]);
    expect(requests).toHaveLength(2);
  });

  it('sends a write again only when it carries its Idempotency-Key, and with the same key', async () => {
    let n = 0;
    const { requests } = fakeHttp({
      'POST /api/account/deposit': () =>
        ++n % 2 === 1 ? hiccup('DATABASE_UNAVAILABLE') : { status: 200, data: { ok: 1 } },
    });
    const answer = await http.post('/api/account/deposit', { amount: 1 }, { headers: { 'Idempotency-Key': 'k-1' } });
    expect(answer.data).toEqual({ ok: 1 });
    expect(requests.map((r) => r.headers.get('idempotency-key'))).toEqual(['k-1', 'k-1']);

    const refused = await failure(http.post('/api/account/deposit', { amount: 1 }));
    expect(refused.reason).toBe('DATABASE_UNAVAILABLE');
    expect(requests).toHaveLength(3);
  });

  it('sends it again once only, and never after another failure', async () => {
    const busy = fakeHttp({ 'GET /api/lookup/company': hiccup('DATABASE_BUSY') });
    expect((await failure(callApi(lookupApi.companies, { silent: true }))).reason).toBe('DATABASE_BUSY');
    expect(busy.requests).toHaveLength(2);
    for (const reply of [
      { status: 500, data: { reason: 'INTERNAL_SERVER_ERROR' } },
      { status: 503, data: { reason: 'SALES_RESTRICTED' } },
    ]) {
      const other = fakeHttp({ 'GET /api/lookup/company': reply });
      await failure(callApi(lookupApi.companies, { silent: true }));
      expect(other.requests).toHaveLength(1);
    }
  });

  it('waits the seconds the server names, at most 2', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout'] });
    for (const [named, waited] of [
      [1, 1_000],
      [30, 2_000],
    ] as const) {
      let n = 0;
      const { requests } = fakeHttp({
        'GET /api/lookup/company': () => (++n === 1 ? hiccup('DATABASE_BUSY', named) : { status: 200, data: [] }),
      });
      const call = callApi(lookupApi.companies);
      await vi.advanceTimersByTimeAsync(waited - 1);
      expect(requests, `${named} s named`).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(await call).toEqual([]);
      expect(requests).toHaveLength(2);
    }
  });
});
