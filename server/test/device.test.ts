import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers';

describe('POST /api/mobileDevices/register (auto-approve, the demo default)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('approves a new device with a licence key, publicly', async () => {
    const res = await t.call('POST', '/api/mobileDevices/register', {
      body: { deviceId: 'android-0001', deviceType: 'AGENT_ANDROID' },
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      deviceId: 'android-0001',
      deviceType: 'AGENT_ANDROID',
      status: 'APPROVED',
      licenceKey: expect.stringMatching(/^APL(-[A-Z2-9]{4}){4}$/),
      deviceSecret: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
  });

  it('answers the current state when registered again with its secret (idempotent)', async () => {
    const first = await t.call('POST', '/api/mobileDevices/register', {
      body: { deviceId: 'electron-0002', deviceType: 'AGENT_ELECTRON' },
    });
    const { deviceSecret, ...state } = first.body;
    const second = await t.call('POST', '/api/mobileDevices/register', {
      body: { deviceId: 'electron-0002', deviceType: 'AGENT_ELECTRON', deviceSecret },
    });
    expect(second.body).toEqual(state);
    await t.app.services.operator.setDeviceStatus('electron-0002', 'INACTIVE');
    const third = await t.call('POST', '/api/mobileDevices/register', {
      body: { deviceId: 'electron-0002', deviceType: 'AGENT_ELECTRON', deviceSecret },
    });
    expect(third.body.status).toBe('INACTIVE');
    expect(third.body.licenceKey).toBe(first.body.licenceKey);
    const count = await t.db
      .selectFrom('devices')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('device_id', '=', 'electron-0002')
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it('registers a device that names no type as AGENT_ANDROID, as the specification says', async () => {
    const res = await t.call('POST', '/api/mobileDevices/register', { body: { deviceId: 'untyped-0001' } });
    expect(res.status).toBe(200);
    expect(res.body.deviceType).toBe('AGENT_ANDROID');
    const row = await t.db
      .selectFrom('devices')
      .select('device_type')
      .where('device_id', '=', 'untyped-0001')
      .executeTakeFirstOrThrow();
    expect(row.device_type).toBe('AGENT_ANDROID');
  });

  it('gives every device its own licence key', async () => {
    const keys = new Set<string>();
    for (let i = 0; i < 20; i += 1) {
      const res = await t.call('POST', '/api/mobileDevices/register', {
        body: { deviceId: `bulk-device-${i}`, deviceType: 'AGENT_ANDROID' },
      });
      keys.add(res.body.licenceKey);
    }
    expect(keys.size).toBe(20);
  });

  it('refuses bad input with field details', async () => {
    const res = await t.call('POST', '/api/mobileDevices/register', {
      body: { deviceId: 'short', deviceType: 'AGENT_IOS' },
    });
    expect(res.status).toBe(400);
    expect(res.body.reason).toBe('VALIDATION_FAILED');
    expect(Object.keys(res.body.details.fields).sort()).toEqual(['deviceId', 'deviceType']);
  });
});

describe('device registration without auto-approval', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { DEVICE_AUTO_APPROVE: 'false' } });
  });
  afterAll(() => t.close());

  it('registers as PENDING without a key until the operator approves', async () => {
    const res = await t.call('POST', '/api/mobileDevices/register', {
      body: { deviceId: 'desk-000042', deviceType: 'AGENT_ELECTRON' },
    });
    expect(res.body).toEqual({
      deviceId: 'desk-000042',
      deviceType: 'AGENT_ELECTRON',
      status: 'PENDING',
      licenceKey: null,
      deviceSecret: expect.any(String),
    });
    await t.app.services.operator.setDeviceStatus('desk-000042', 'APPROVED');
    const again = await t.call('POST', '/api/mobileDevices/register', {
      body: { deviceId: 'desk-000042', deviceType: 'AGENT_ELECTRON', deviceSecret: res.body.deviceSecret },
    });
    expect(again.body.status).toBe('APPROVED');
    expect(again.body.licenceKey).toMatch(/^APL-/);
  });
});
