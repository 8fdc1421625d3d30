import type { AgentPortalBridge, StoredSession } from '@agent-portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  canRememberSession,
  clearSession,
  getDeviceInfo,
  getServerUrl,
  getSessionDevice,
  loadSession,
  saveSession,
} from './bridge';

const KEY = 'agent-portal.session';

afterEach(() => {
  delete window.agentPortal;
});

describe('in a plain browser', () => {
  it('keeps a remembered session in localStorage and any other in sessionStorage', async () => {
    await saveSession({ token: 'a', companyId: 1, rememberMe: true });
    expect(window.localStorage.getItem(KEY)).toContain('"token":"a"');
    expect(window.sessionStorage.getItem(KEY)).toBeNull();

    await saveSession({ token: 'b', companyId: 2, rememberMe: false });
    expect(window.sessionStorage.getItem(KEY)).toContain('"token":"b"');
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(await loadSession()).toEqual({ token: 'b', companyId: 2, rememberMe: false });

    await clearSession();
    expect(await loadSession()).toBeNull();
  });

  it('keeps the user, device and uuid with the session values and reads them back', async () => {
    const session: StoredSession = {
      token: 'c',
      companyId: 1,
      rememberMe: true,
      user: 'agent',
      deviceId: null,
      deviceType: null,
      uuid: 'u-7',
    };
    await saveSession(session);
    expect(await loadSession()).toEqual(session);
    window.localStorage.setItem(KEY, JSON.stringify({ ...session, deviceType: 'AGENT_IOS' }));
    expect(await loadSession()).toBeNull();
  });

  it('gives a browser no device id but one uuid, generated once and kept', async () => {
    const first = await getSessionDevice();
    expect(first).toEqual({ deviceId: null, deviceType: null, uuid: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(await getSessionDevice()).toEqual(first);
    expect(window.localStorage.getItem('agent-portal.uuid')).toBe(first.uuid);
  });

  it('ignores a stored session that is not one', async () => {
    window.localStorage.setItem(KEY, JSON.stringify({ token: '', companyId: 'x' }));
    expect(await loadSession()).toBeNull();
  });

  it('has no device, no server address and allows "remember me"', async () => {
    expect(await getDeviceInfo()).toBeNull();
    expect(await getServerUrl()).toBeNull();
    expect(await canRememberSession()).toBe(true);
  });
});

describe('in the desktop shell', () => {
  const ok = <T>(value: T) => Promise.resolve({ ok: true as const, value });

  it('hands the session to the shell instead of web storage', async () => {
    const saved: StoredSession[] = [];
    window.agentPortal = {
      saveSession: vi.fn((s: StoredSession) => {
        saved.push(s);
        return ok({ persisted: true });
      }),
      getSession: () => ok({ token: 'shell', companyId: 3, rememberMe: true }),
      clearSession: vi.fn(() => ok(undefined)),
    } as unknown as AgentPortalBridge;
    await saveSession({ token: 'x', companyId: 3, rememberMe: true });
    expect(saved).toEqual([{ token: 'x', companyId: 3, rememberMe: true }]);
    expect(window.localStorage.getItem(KEY)).toBeNull();
    expect(await loadSession()).toEqual({ token: 'shell', companyId: 3, rememberMe: true });
    await clearSession();
    expect(window.agentPortal.clearSession).toHaveBeenCalled();
  });

  it("reads the server address from the shell's settings and survives a failing channel", async () => {
    window.agentPortal = {
      getSettings: () => ok({ serverUrl: 'https://agency.example', language: 'en', printer: {} }),
      canRememberSession: () => Promise.resolve({ ok: false, error: { reason: 'SECRET_STORE_UNAVAILABLE' } }),
      getDeviceInfo: () => Promise.reject(new Error('channel closed')),
    } as unknown as AgentPortalBridge;
    expect(await getServerUrl()).toBe('https://agency.example');
    expect(await canRememberSession()).toBe(false);
    expect(await getDeviceInfo()).toBeNull();
  });
});
