import type { AppInfo } from '@agent-portal/contract';
import { describe, expect, it } from 'vitest';
import { pendingUpdate } from './update-notice';

const app = (change: Partial<AppInfo>): AppInfo => ({ version: '1.2.0', platform: 'win32', updateAvailable: '1.3.0', updateMode: 'install', ...change });

describe('pendingUpdate', () => {
  it('promises an install on quit only when the shell installs updates', () => {
    expect(pendingUpdate(app({ updateMode: 'install' }))).toEqual({ version: '1.3.0', installsOnQuit: true });
    expect(pendingUpdate(app({ updateMode: 'notify', platform: 'linux' }))).toEqual({ version: '1.3.0', installsOnQuit: false });
  });

  it('announces nothing with updates off, without a newer version, or in a plain browser', () => {
    expect(pendingUpdate(app({ updateMode: 'off' }))).toBeNull();
    expect(pendingUpdate(app({ updateAvailable: null }))).toBeNull();
    expect(pendingUpdate(null)).toBeNull();
    expect(pendingUpdate(undefined)).toBeNull();
  });
});
