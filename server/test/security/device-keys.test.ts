/**
 * Class 8 (devices), written as an attacker would:
 *
 * - mobileDevices/register is public and device ids are not secret (the
 *   sign-in screen shows them): registering a known device id again must
 *   not hand out its licence key. Only the device that registered first
 *   holds the secret issued then, and only that secret fetches the key
 *   again (a pending device picks its key up once approved);
 * - with device approval on (DEVICE_AUTO_APPROVE=false) a login that names
 *   no device, or a device never registered, is an unapproved device.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';

const register = (t: TestContext, deviceId: string, deviceSecret?: string) =>
  t.call('POST', '/api/mobileDevices/register', {
    body: { deviceId, deviceType: 'AGENT_ELECTRON', ...(deviceSecret === undefined ? {} : { deviceSecret }) },
  });

describe('licence keys with auto-approval (the default)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('gives the key and a device secret to the first registration only', async () => {
    const first = await register(t, 'victim-device-0001');
    expect(first.body.licenceKey).toMatch(/^APL-/);
    expect(first.body.deviceSecret).toEqual(expect.any(String));
    const attacker = await register(t, 'victim-device-0001');
    expect(attacker.status).toBe(200);
    expect(attacker.body.status).toBe('APPROVED');
    expect(attacker.body.licenceKey).toBeNull();
    expect(attacker.body.deviceSecret).toBeUndefined();
  });

  it('answers the key again to the device that proves its secret, never to a wrong one', async () => {
    const first = await register(t, 'victim-device-0002');
    const again = await register(t, 'victim-device-0002', first.body.deviceSecret as string);
    expect(again.body.licenceKey).toBe(first.body.licenceKey);
    expect(again.body.deviceSecret).toBeUndefined();
    const guess = await register(t, 'victim-device-0002', 'x'.repeat(43));
    expect([guess.status, guess.body.licenceKey]).toEqual([200, null]);
  });

  it('keeps the browser (no device) signing in when devices need no approval', async () => {
    expect((await t.call('POST', '/api/login', { body: { username: 'agent', password: 'Agent@123' } })).status).toBe(
      200,
    );
  });
});

describe('licence keys and logins with device approval on', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { DEVICE_AUTO_APPROVE: 'false' } });
  });
  afterAll(() => t.close());

  const login = (extra: Record<string, unknown>) =>
    t.call('POST', '/api/login', { body: { username: 'agent', password: 'Agent@123', ...extra } });

  it('hands the key issued at approval to the device holding the secret only', async () => {
    const first = await register(t, 'pending-desk-0001');
    expect([first.body.status, first.body.licenceKey]).toEqual(['PENDING', null]);
    await t.app.services.operator.setDeviceStatus('pending-desk-0001', 'APPROVED');
    const attacker = await register(t, 'pending-desk-0001');
    expect([attacker.body.status, attacker.body.licenceKey]).toEqual(['APPROVED', null]);
    const device = await register(t, 'pending-desk-0001', first.body.deviceSecret as string);
    expect(device.body.licenceKey).toMatch(/^APL-/);
  });

  it('refuses a login without a device id as an unapproved device', async () => {
    const res = await login({});
    expect([res.status, res.body.reason]).toEqual([403, 'INVALID_DEVICE_ACCESS']);
  });

  it('refuses a login from a device never registered', async () => {
    const res = await login({ deviceId: 'never-registered-01', uuid: 'u-1' });
    expect([res.status, res.body.reason]).toEqual([403, 'INVALID_DEVICE_ACCESS']);
  });

  it('lets an approved device in', async () => {
    await register(t, 'approved-desk-0001');
    await t.app.services.operator.setDeviceStatus('approved-desk-0001', 'APPROVED');
    expect((await login({ deviceId: 'approved-desk-0001', uuid: 'u-2' })).status).toBe(200);
  });
});
