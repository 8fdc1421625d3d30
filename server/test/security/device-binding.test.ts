/**
 * Issue #32, item 3, written as an attacker would: an approved device's id
 * is shown on the sign-in screen and the About panel, so anyone can read it.
 * Naming it at sign-in from another machine must not get in. The approval
 * binds to the install's uuid at the first sign-in after approval (the uuid
 * is never shown); another uuid, or none, is INVALID_DEVICE_ACCESS. The
 * operator resets the binding for a reinstalled PC, and the new install
 * binds at its first sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helpers';

const DEVICE = 'front-desk-0001';

describe('an approved device admits its own install only', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ env: { DEVICE_AUTO_APPROVE: 'false' } });
    const registered = await t.call('POST', '/api/mobileDevices/register', {
      body: { deviceId: DEVICE, deviceType: 'AGENT_ELECTRON' },
    });
    expect(registered.body.status).toBe('PENDING');
    await t.app.services.operator.setDeviceStatus(DEVICE, 'APPROVED');
  });
  afterAll(() => t.close());

  const signIn = async (extra: Record<string, unknown>) => {
    const res = await t.call('POST', '/api/login', { body: { username: 'agent', password: 'Agent@123', ...extra } });
    return [res.status, res.status === 200 ? 'OK' : res.body.reason];
  };

  it('the real install binds at its first sign-in; the id read off its screen with another uuid, or none, is refused', async () => {
    expect(await signIn({ deviceId: DEVICE, uuid: 'install-a-uuid' })).toEqual([200, 'OK']);
    expect(await signIn({ deviceId: DEVICE, uuid: 'attacker-uuid' })).toEqual([403, 'INVALID_DEVICE_ACCESS']);
    expect(await signIn({ deviceId: DEVICE })).toEqual([403, 'INVALID_DEVICE_ACCESS']);
    expect(await signIn({ deviceId: DEVICE, uuid: 'INSTALL-A-UUID' })).toEqual([403, 'INVALID_DEVICE_ACCESS']);
    expect(await signIn({ deviceId: DEVICE, uuid: 'install-a-uuid' })).toEqual([200, 'OK']);
  });

  it('after the operator resets the binding (a reinstalled PC) the new install binds, the old one is refused', async () => {
    const token = await t.login('agent', undefined, { deviceId: DEVICE, uuid: 'install-a-uuid' });
    const { sessionsEnded } = await t.app.services.operator.resetDeviceBinding(DEVICE);
    expect(sessionsEnded).toBeGreaterThan(0);
    expect((await t.call('GET', '/api/lookup/company', { token })).body.reason).toBe('INVALID_SESSION');
    expect(await signIn({ deviceId: DEVICE, uuid: 'reinstalled-uuid' })).toEqual([200, 'OK']);
    expect(await signIn({ deviceId: DEVICE, uuid: 'install-a-uuid' })).toEqual([403, 'INVALID_DEVICE_ACCESS']);
    expect(await signIn({ deviceId: DEVICE, uuid: 'reinstalled-uuid' })).toEqual([200, 'OK']);
  });

  it('two first sign-ins at once from two installs: one binds, the other is refused', async () => {
    await t.app.services.operator.resetDeviceBinding(DEVICE);
    const answers = await Promise.all([
      signIn({ deviceId: DEVICE, uuid: 'race-one' }),
      signIn({ deviceId: DEVICE, uuid: 'race-two' }),
    ]);
    expect(answers.map((a) => a[1]).sort()).toEqual(['INVALID_DEVICE_ACCESS', 'OK']);
  });

  it('a browser (no device) is still refused while approval is on, and a wrong password binds nothing', async () => {
    expect(await signIn({ uuid: 'browser-uuid' })).toEqual([403, 'INVALID_DEVICE_ACCESS']);
    await t.call('POST', '/api/mobileDevices/register', {
      body: { deviceId: 'front-desk-0002', deviceType: 'AGENT_ELECTRON' },
    });
    await t.app.services.operator.setDeviceStatus('front-desk-0002', 'APPROVED');
    const wrong = await t.call('POST', '/api/login', {
      body: { username: 'agent', password: 'Wrong@1234', deviceId: 'front-desk-0002', uuid: 'guesser-uuid' },
    });
    expect(wrong.body.reason).toBe('BAD_CREDENTIALS');
    expect(await signIn({ deviceId: 'front-desk-0002', uuid: 'desk-2-uuid' })).toEqual([200, 'OK']);
  });
});

describe('with auto-approval (the default) a registered device binds too; a browser signs in as before', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('refuses the id of a registered device from another install', async () => {
    await t.call('POST', '/api/mobileDevices/register', {
      body: { deviceId: 'auto-desk-0001', deviceType: 'AGENT_ELECTRON' },
    });
    const login = (extra: Record<string, unknown>) =>
      t.call('POST', '/api/login', { body: { username: 'agent', password: 'Agent@123', ...extra } });
    expect((await login({ deviceId: 'auto-desk-0001', uuid: 'own-install' })).status).toBe(200);
    const attacker = await login({ deviceId: 'auto-desk-0001', uuid: 'other-install' });
    expect([attacker.status, attacker.body.reason]).toEqual([403, 'INVALID_DEVICE_ACCESS']);
    expect((await login({ uuid: 'a-browser' })).status).toBe(200);
  });
});
