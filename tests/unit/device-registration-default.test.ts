/** The registration body as the specification has it: deviceType may be left out and means the Android app. */
import { describe, expect, it } from 'vitest';
import { deviceApi } from '@agent-portal/contract';

describe('POST /api/mobileDevices/register body', () => {
  const body = deviceApi.register.body;

  it('takes AGENT_ANDROID when no device type is sent', () => {
    expect(body.parse({ deviceId: 'android-0001' })).toEqual({ deviceId: 'android-0001', deviceType: 'AGENT_ANDROID' });
  });

  it('keeps the type a client names, so the desktop shell stays AGENT_ELECTRON', () => {
    expect(body.parse({ deviceId: 'electron-0001', deviceType: 'AGENT_ELECTRON' }).deviceType).toBe('AGENT_ELECTRON');
  });

  it('still refuses a type that is not in the list', () => {
    expect(body.safeParse({ deviceId: 'ios-000001', deviceType: 'AGENT_IOS' }).success).toBe(false);
  });
});
