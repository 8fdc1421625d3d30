import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { memoryStore, silentLogger } from './ports';
import {
  DeviceRegistrationService,
  REGISTRATION_FAILED,
  UUID_KEY,
  DEVICE_ID_KEY,
  hashMachineId,
  type HttpPort,
  type LicenceKeyStore,
} from './device-registration';

const RAW_ID = '4c4c4544-0042-3510-8051-b7c04f4d4e32';

type Call = { url: string; body: unknown };

function fakeHttp(answers: Array<{ status: number; body: unknown } | Error>) {
  const calls: Call[] = [];
  const http: HttpPort = {
    postJson: async (url, body) => {
      calls.push({ url, body });
      const answer = answers.length > 1 ? answers.shift() : answers[0];
      if (!answer) throw new Error('no answer');
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  return { http, calls };
}

function licenceKeys(): LicenceKeyStore & { key: string | null; secret: string | null } {
  const holder = {
    key: null as string | null,
    secret: null as string | null,
    getLicenceKey: async () => holder.key,
    saveLicenceKey: async (key: string | null) => {
      holder.key = key;
    },
    getDeviceSecret: async () => holder.secret,
    saveDeviceSecret: async (secret: string | null) => {
      holder.secret = secret;
    },
  };
  return holder;
}

const approved = {
  status: 200,
  body: { deviceId: 'x', deviceType: 'AGENT_ELECTRON', status: 'APPROVED', licenceKey: 'LIC-42' },
};
const pending = {
  status: 200,
  body: { deviceId: 'x', deviceType: 'AGENT_ELECTRON', status: 'PENDING', licenceKey: null },
};

function service(
  http: HttpPort,
  overrides: { serverUrl?: () => string; rawId?: () => Promise<string>; store?: ReturnType<typeof memoryStore> } = {},
) {
  const store = overrides.store ?? memoryStore();
  const keys = licenceKeys();
  let uuids = 0;
  const svc = new DeviceRegistrationService({
    http,
    machineId: { rawId: overrides.rawId ?? (async () => RAW_ID) },
    store,
    licenceKeys: keys,
    serverUrl: overrides.serverUrl ?? (() => 'http://127.0.0.1:3030'),
    randomUuid: () => `uuid-${++uuids}`,
    logger: silentLogger,
  });
  return { svc, store, keys };
}

describe('device registration', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hashes the machine id with SHA-256 and never sends it raw', async () => {
    const { http, calls } = fakeHttp([approved]);
    const { svc } = service(http);
    svc.start();
    await vi.advanceTimersByTimeAsync(500);
    const expected = createHash('sha256').update(RAW_ID).digest('hex');
    expect(hashMachineId(RAW_ID)).toBe(expected);
    expect(calls).toEqual([
      {
        url: 'http://127.0.0.1:3030/api/mobileDevices/register',
        body: { deviceId: expected, deviceType: 'AGENT_ELECTRON' },
      },
    ]);
    expect(JSON.stringify(calls)).not.toContain(RAW_ID);
  });

  it('registers 500 ms after start, not before, and keeps status and licence key', async () => {
    const { http, calls } = fakeHttp([approved]);
    const { svc, keys } = service(http);
    svc.start();
    await vi.advanceTimersByTimeAsync(499);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    const info = await svc.info();
    expect(info).toMatchObject({
      deviceType: 'AGENT_ELECTRON',
      status: 'APPROVED',
      licenceKey: 'LIC-42',
      registrationError: null,
    });
    expect(keys.key).toBe('LIC-42');
  });

  it('generates the installation uuid once and keeps it', async () => {
    const { http } = fakeHttp([approved]);
    const { svc, store } = service(http);
    const first = await svc.info();
    const second = await svc.info();
    expect(first.uuid).toBe('uuid-1');
    expect(second.uuid).toBe('uuid-1');
    expect(store.data[UUID_KEY]).toBe('uuid-1');
  });

  it('reports MOBILE_DEVICE_REGISTRATION_FAILED and retries with growing waits until it succeeds', async () => {
    const { http, calls } = fakeHttp([
      new Error('ECONNREFUSED'),
      { status: 503, body: null },
      { status: 200, body: { unexpected: true } },
      approved,
    ]);
    const { svc } = service(http);
    svc.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(calls).toHaveLength(1);
    expect((await svc.info()).registrationError).toBe(REGISTRATION_FAILED);

    await vi.advanceTimersByTimeAsync(4_999);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2); // after 5 s
    await vi.advanceTimersByTimeAsync(15_000);
    expect(calls).toHaveLength(3); // after 15 s more
    expect((await svc.info()).registrationError).toBe(REGISTRATION_FAILED);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(calls).toHaveLength(4); // after 60 s more: approved
    expect(await svc.info()).toMatchObject({ status: 'APPROVED', registrationError: null, licenceKey: 'LIC-42' });
    await vi.advanceTimersByTimeAsync(24 * 60 * 60_000);
    expect(calls).toHaveLength(4); // approved: no more calls
  });

  it('answers getDeviceInfo while the server is unreachable (never blocks)', async () => {
    const { http } = fakeHttp([new Error('offline')]);
    const { svc } = service(http);
    svc.start();
    const info = await svc.info();
    expect(info.deviceId).toMatch(/^[0-9a-f]{64}$/);
    expect(info.status).toBeNull();
  });

  it('asks again later while the device is PENDING, to pick up its licence key', async () => {
    const { http, calls } = fakeHttp([pending, approved]);
    const { svc } = service(http);
    svc.start();
    await vi.advanceTimersByTimeAsync(500);
    expect((await svc.info()).status).toBe('PENDING');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls).toHaveLength(2);
    expect((await svc.info()).licenceKey).toBe('LIC-42');
  });

  it('keeps the device secret of its first registration, proves it later, and keeps its key when answered without one', async () => {
    const first = { status: 200, body: { ...pending.body, deviceSecret: 'S-1' } };
    const statusOnly = { status: 200, body: { ...approved.body, licenceKey: null } };
    const { http, calls } = fakeHttp([first, approved, statusOnly]);
    const { svc, keys } = service(http);
    svc.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(keys.secret).toBe('S-1');
    expect(calls[0]?.body).not.toHaveProperty('deviceSecret');
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls[1]?.body).toMatchObject({ deviceSecret: 'S-1' });
    expect(keys.key).toBe('LIC-42');
    await svc.registerNow();
    expect(calls[2]?.body).toMatchObject({ deviceSecret: 'S-1' });
    expect((await svc.info()).licenceKey).toBe('LIC-42');
    svc.restart();
    expect(keys.secret).toBeNull();
  });

  it('registers again with the new server when the address changes, forgetting the old answer', async () => {
    let serverUrl = 'http://127.0.0.1:3030';
    const { http, calls } = fakeHttp([approved, pending]);
    const { svc, keys } = service(http, { serverUrl: () => serverUrl });
    svc.start();
    await vi.advanceTimersByTimeAsync(500);
    expect(keys.key).toBe('LIC-42');

    serverUrl = 'https://agency.example.org';
    svc.restart();
    expect(await svc.info()).toMatchObject({ status: null, licenceKey: null });
    await vi.advanceTimersByTimeAsync(500);
    expect(calls[1]?.url).toBe('https://agency.example.org/api/mobileDevices/register');
    expect((await svc.info()).status).toBe('PENDING');
  });

  it('falls back to the hashed installation id when the machine id cannot be read', async () => {
    const { http, calls } = fakeHttp([approved]);
    const { svc } = service(http, { rawId: async () => Promise.reject(new Error('no /etc/machine-id')) });
    svc.start();
    await vi.advanceTimersByTimeAsync(500);
    const expected = createHash('sha256').update('installation:uuid-1').digest('hex');
    expect(calls[0]?.body).toEqual({ deviceId: expected, deviceType: 'AGENT_ELECTRON' });
    expect((await svc.info()).deviceId).toBe(expected);
  });

  it('keeps the id it had when the machine id later cannot be read, or hangs', async () => {
    const store = memoryStore();
    const first = service(fakeHttp([approved]).http, { store });
    const id = (await first.svc.info()).deviceId;
    expect(store.data[DEVICE_ID_KEY]).toBe(id);

    const hanging = service(fakeHttp([approved]).http, { store, rawId: () => new Promise<string>(() => undefined) });
    const pendingInfo = hanging.svc.info();
    await vi.advanceTimersByTimeAsync(5_000);
    expect((await pendingInfo).deviceId).toBe(id);
  });
});
