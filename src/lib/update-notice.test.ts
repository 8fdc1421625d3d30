import type { AppInfo } from '@agent-portal/contract';
import { describe, expect, it } from 'vitest';
import { pendingUpdate, updateCheckFailed } from './update-notice';

const app = (change: Partial<AppInfo>): AppInfo => ({
  version: '1.2.0',
  platform: 'win32',
  updateAvailable: '1.3.0',
  updateMode: 'install',
  updateState: 'ready',
  ...change,
});

describe('pendingUpdate', () => {
  it('promises an install on quit only when the shell installs updates and has downloaded this one', () => {
    expect(pendingUpdate(app({ updateState: 'ready' }))).toEqual({ version: '1.3.0', kind: 'ready' });
    expect(pendingUpdate(app({ updateMode: 'notify', updateState: 'available', platform: 'linux' }))).toEqual({
      version: '1.3.0',
      kind: 'notify',
    });
  });

  it('install: a version found but not downloaded is downloading, a failed download is failed, never ready', () => {
    expect(pendingUpdate(app({ updateState: 'downloading' }))).toEqual({ version: '1.3.0', kind: 'downloading' });
    expect(pendingUpdate(app({ updateState: 'error' }))).toEqual({ version: '1.3.0', kind: 'failed' });
    for (const updateState of ['none', 'available'] as const)
      expect(pendingUpdate(app({ updateState }))?.kind).toBe('downloading');
  });

  it('announces nothing with updates off, without a newer version, or in a plain browser', () => {
    expect(pendingUpdate(app({ updateMode: 'off' }))).toBeNull();
    expect(pendingUpdate(app({ updateAvailable: null }))).toBeNull();
    expect(pendingUpdate(null)).toBeNull();
    expect(pendingUpdate(undefined)).toBeNull();
  });
});

describe('updateCheckFailed', () => {
  it('only when a check failed with nothing newer known, and updates are on', () => {
    expect(updateCheckFailed(app({ updateAvailable: null, updateState: 'error' }))).toBe(true);
    expect(updateCheckFailed(app({ updateAvailable: null, updateState: 'error', updateMode: 'notify' }))).toBe(true);
    expect(updateCheckFailed(app({ updateAvailable: null, updateState: 'error', updateMode: 'off' }))).toBe(false);
    expect(updateCheckFailed(app({ updateState: 'error' }))).toBe(false);
    expect(updateCheckFailed(app({ updateAvailable: null, updateState: 'none' }))).toBe(false);
    expect(updateCheckFailed(null)).toBe(false);
  });
});
