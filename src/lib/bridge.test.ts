import type { AgentPortalBridge, StoredSession } from '@agent-portal/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { canRememberSession, clearSession, getDeviceInfo, getServerUrl, loadSession, saveSession } from './bridge';

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
  const ok = <T,>(value: T) => Promise.resolve({ ok: true as const, value });

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
