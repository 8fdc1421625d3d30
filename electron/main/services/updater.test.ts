import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Logger } from './ports';
import { UpdateService } from './updater';

function recordingLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = [];
  return { warnings, info: () => undefined, warn: (message) => warnings.push(message), error: () => undefined };
}

describe('updater', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('checks on start and reports the newer version', async () => {
    const checkForUpdate = vi.fn(async () => '0.2.0');
    const updates = new UpdateService({ checkForUpdate }, recordingLogger());
    expect(updates.updateAvailable).toBeNull();
    updates.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(checkForUpdate).toHaveBeenCalledTimes(1);
    expect(updates.updateAvailable).toBe('0.2.0');
    updates.stop();
  });

  it('survives being offline and checks again every few hours', async () => {
    const logger = recordingLogger();
    const checkForUpdate = vi
      .fn<() => Promise<string | null>>()
      .mockRejectedValueOnce(new Error('net::ERR_INTERNET_DISCONNECTED'))
      .mockResolvedValueOnce('0.3.0');
    const updates = new UpdateService({ checkForUpdate }, logger, 4 * 60 * 60 * 1000);
    updates.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(updates.updateAvailable).toBeNull();
    expect(logger.warnings).toEqual(['update check failed']);

    await vi.advanceTimersByTimeAsync(4 * 60 * 60 * 1000);
    expect(checkForUpdate).toHaveBeenCalledTimes(2);
    expect(updates.updateAvailable).toBe('0.3.0');
    updates.stop();
  });

  it('never rejects or throws, whatever the port does', async () => {
    const rejecting = new UpdateService({ checkForUpdate: () => Promise.reject(new TypeError('no app-update.yml')) }, recordingLogger());
    await expect(rejecting.check()).resolves.toBeUndefined();
    const throwing = new UpdateService(
      {
        checkForUpdate: () => {
          throw new Error('ENOENT app-update.yml');
        },
      },
      recordingLogger(),
    );
    expect(() => throwing.start()).not.toThrow();
    await expect(throwing.check()).resolves.toBeUndefined();
    throwing.stop();
  });

  it('runs one check at a time', async () => {
    let resolve: (v: string | null) => void = () => undefined;
    const checkForUpdate = vi.fn(() => new Promise<string | null>((r) => (resolve = r)));
    const updates = new UpdateService({ checkForUpdate }, recordingLogger());
    const a = updates.check();
    const b = updates.check();
    await vi.advanceTimersByTimeAsync(0);
    expect(checkForUpdate).toHaveBeenCalledTimes(1);
    resolve(null);
    await Promise.all([a, b]);
    expect(updates.updateAvailable).toBeNull();
  });
});
