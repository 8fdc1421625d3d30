import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import type { Logger } from './ports';
import { UpdateService, type UpdaterEvent, type UpdaterPort } from './updater';

type Line = [level: 'info' | 'warn' | 'error', message: string, details?: Record<string, unknown>];

function recordingLogger(): Logger & { lines: Line[]; warnings: string[] } {
  const lines: Line[] = [];
  return {
    lines,
    get warnings() {
      return lines.filter(([level]) => level === 'warn').map(([, message]) => message);
    },
    info: (message, details) => lines.push(['info', message, details]),
    warn: (message, details) => lines.push(['warn', message, details]),
    error: (message, details) => lines.push(['error', message, details]),
  };
}

const FEED = 'https://updates.agentportal.example/desktop/';
const SIGNED = { provider: 'generic', url: FEED, publisherName: ['Agent Portal Ltd'] };

/**
 * The updater port with electron-updater replaced: the test says what a check
 * answers and fires the events electron-updater would (emit).
 */
function fakePort(
  overrides: Partial<Omit<UpdaterPort, 'onEvent'>> = {},
): UpdaterPort & { configure: Mock<UpdaterPort['configure']>; emit(event: UpdaterEvent): void } {
  const listeners: ((event: UpdaterEvent) => void)[] = [];
  return {
    readPackagedConfig: async () => SIGNED,
    verifyRunningBuild: async () => null,
    checkForUpdate: async () => null,
    ...overrides,
    configure: vi.fn<UpdaterPort['configure']>(),
    onEvent: (listener) => void listeners.push(listener),
    emit: (event) => listeners.forEach((listener) => listener(event)),
  };
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
    const port = fakePort({ checkForUpdate });
    const updates = new UpdateService(port, recordingLogger(), { platform: 'win32' });
    expect(updates.updateAvailable).toBeNull();
    updates.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(port.configure).toHaveBeenCalledWith('install');
    expect(updates.mode).toBe('install');
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
    const updates = new UpdateService(fakePort({ checkForUpdate }), logger, {
      platform: 'win32',
      intervalMs: 4 * 60 * 60 * 1000,
    });
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
    const rejecting = new UpdateService(
      fakePort({ checkForUpdate: () => Promise.reject(new TypeError('no app-update.yml')) }),
      recordingLogger(),
      { platform: 'win32' },
    );
    await expect(rejecting.check()).resolves.toBeUndefined();
    const throwing = new UpdateService(
      fakePort({
        checkForUpdate: () => {
          throw new Error('ENOENT app-update.yml');
        },
      }),
      recordingLogger(),
      { platform: 'win32' },
    );
    expect(() => throwing.start()).not.toThrow();
    await expect(throwing.check()).resolves.toBeUndefined();
    throwing.stop();
    const unreadable = new UpdateService(
      fakePort({ readPackagedConfig: () => Promise.reject(new Error('bad YAML')) }),
      recordingLogger(),
      { platform: 'win32' },
    );
    await expect(unreadable.check()).resolves.toBeUndefined();
    expect(unreadable.mode).toBe('off');
  });

  it('runs one check at a time', async () => {
    let resolve: (v: string | null) => void = () => undefined;
    const checkForUpdate = vi.fn(() => new Promise<string | null>((r) => (resolve = r)));
    const updates = new UpdateService(fakePort({ checkForUpdate }), recordingLogger(), { platform: 'win32' });
    const a = updates.check();
    const b = updates.check();
    await vi.advanceTimersByTimeAsync(0);
    expect(checkForUpdate).toHaveBeenCalledTimes(1);
    resolve(null);
    await Promise.all([a, b]);
    expect(updates.updateAvailable).toBeNull();
  });

  it('refuses a feed that is not https: a clear log line, and no check ever', async () => {
    const logger = recordingLogger();
    const checkForUpdate = vi.fn(async () => '9.9.9');
    const port = fakePort({
      readPackagedConfig: async () => ({ ...SIGNED, url: 'http://updates.agentportal.example/desktop/' }),
      checkForUpdate,
    });
    const updates = new UpdateService(port, logger, { platform: 'win32', intervalMs: 1000 });
    updates.start();
    await vi.advanceTimersByTimeAsync(5000);
    await updates.check();
    expect(checkForUpdate).not.toHaveBeenCalled();
    expect(port.configure).not.toHaveBeenCalled();
    expect(updates.mode).toBe('off');
    expect(updates.updateAvailable).toBeNull();
    expect(logger.lines).toEqual([
      [
        'warn',
        'update feed refused; updates off, nothing is checked',
        { reason: "the feed must be https (http only on this PC's loopback): http://updates.agentportal.example" },
      ],
    ]);
    updates.stop();
  });

  it('development (no app-update.yml): off, said once at info level', async () => {
    const logger = recordingLogger();
    const checkForUpdate = vi.fn(async () => null);
    const updates = new UpdateService(fakePort({ readPackagedConfig: async () => null, checkForUpdate }), logger, {
      platform: 'linux',
    });
    updates.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(checkForUpdate).not.toHaveBeenCalled();
    expect(logger.lines.map(([level, message]) => [level, message])).toEqual([['info', 'updates off']]);
  });

  it('Windows: an unsigned build (no publisherName) announces updates but never downloads or installs them', async () => {
    const logger = recordingLogger();
    const port = fakePort({
      readPackagedConfig: async () => ({ provider: 'generic', url: FEED }),
      checkForUpdate: async () => '0.4.0',
    });
    const updates = new UpdateService(port, logger, { platform: 'win32' });
    updates.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(port.configure).toHaveBeenCalledWith('notify');
    expect(port.configure).not.toHaveBeenCalledWith('install');
    expect(updates.updateAvailable).toBe('0.4.0');
    expect(logger.lines[0]).toEqual([
      'warn',
      'automatic update installation off; newer versions are announced only',
      { reason: expect.stringMatching(/not signed/), feed: FEED },
    ]);
    updates.stop();
  });

  it('Windows: a build whose own executable is not signed by the listed publisher does not install updates', async () => {
    const logger = recordingLogger();
    const verifyRunningBuild = vi.fn(async () => 'NotSigned');
    const port = fakePort({ verifyRunningBuild });
    const updates = new UpdateService(port, logger, { platform: 'win32' });
    await updates.check();
    expect(verifyRunningBuild).toHaveBeenCalledWith(['Agent Portal Ltd']);
    expect(port.configure).toHaveBeenCalledWith('notify');
    expect(logger.lines[0]?.[2]?.reason).toBe('this build is not signed by Agent Portal Ltd: NotSigned');
  });

  it('Linux: announces only, without asking for a Windows signature', async () => {
    const verifyRunningBuild = vi.fn(async () => null);
    const port = fakePort({
      readPackagedConfig: async () => ({ provider: 'generic', url: FEED }),
      verifyRunningBuild,
      checkForUpdate: async () => '0.5.0',
    });
    const updates = new UpdateService(port, recordingLogger(), { platform: 'linux' });
    await updates.check();
    expect(port.configure).toHaveBeenCalledWith('notify');
    expect(verifyRunningBuild).not.toHaveBeenCalled();
    expect(updates.updateAvailable).toBe('0.5.0');
  });

  it('decides once, however many checks run', async () => {
    const readPackagedConfig = vi.fn(async () => SIGNED);
    const verifyRunningBuild = vi.fn(async () => null);
    const port = fakePort({ readPackagedConfig, verifyRunningBuild });
    const updates = new UpdateService(port, recordingLogger(), { platform: 'win32' });
    await Promise.all([updates.check(), updates.check()]);
    await updates.check();
    expect(readPackagedConfig).toHaveBeenCalledTimes(1);
    expect(verifyRunningBuild).toHaveBeenCalledTimes(1);
    expect(port.configure).toHaveBeenCalledTimes(1);
  });

  describe("the state follows electron-updater's events", () => {
    /**
     * A service whose mode is decided (install on a signed Windows build unless said otherwise) and whose first check
     * found nothing.
     */
    async function decided(config: unknown = SIGNED, platform: NodeJS.Platform = 'win32') {
      const logger = recordingLogger();
      const port = fakePort({ readPackagedConfig: async () => config });
      const updates = new UpdateService(port, logger, { platform });
      await updates.check();
      return { port, updates, logger };
    }

    it('install: update-available is downloading, not ready; only update-downloaded makes it ready', async () => {
      const { port, updates, logger } = await decided();
      expect(await updates.status()).toEqual({ mode: 'install', updateAvailable: null, state: 'none' });
      port.emit({ type: 'update-available', version: '0.2.0' });
      expect(await updates.status()).toEqual({ mode: 'install', updateAvailable: '0.2.0', state: 'downloading' });
      port.emit({ type: 'update-downloaded', version: '0.2.0' });
      expect(await updates.status()).toEqual({ mode: 'install', updateAvailable: '0.2.0', state: 'ready' });
      expect(logger.lines.map(([, message]) => message)).toContain('update downloaded; installs on quit');
    });

    it("install: the check's own answer (update found) is downloading too, and a repeat check keeps a downloaded version ready", async () => {
      const checkForUpdate = vi.fn(async () => '0.2.0');
      const port = fakePort({ checkForUpdate });
      const updates = new UpdateService(port, recordingLogger(), { platform: 'win32' });
      await updates.check();
      expect(updates.updateState).toBe('downloading');
      port.emit({ type: 'update-downloaded', version: '0.2.0' });
      // Every few hours: electron-updater finds the same version again, says update-available, and checks its download.
      port.emit({ type: 'update-available', version: '0.2.0' });
      await updates.check();
      expect(await updates.status()).toEqual({ mode: 'install', updateAvailable: '0.2.0', state: 'ready' });
      // A newer one is downloading again.
      checkForUpdate.mockResolvedValueOnce('0.3.0');
      await updates.check();
      expect(await updates.status()).toEqual({ mode: 'install', updateAvailable: '0.3.0', state: 'downloading' });
    });

    it('install: a download error is error (with the version), and the next check downloads again', async () => {
      const { port, updates } = await decided();
      port.emit({ type: 'update-available', version: '0.2.0' });
      port.emit({ type: 'error', message: 'net::ERR_CONNECTION_RESET' });
      expect(await updates.status()).toEqual({ mode: 'install', updateAvailable: '0.2.0', state: 'error' });
      port.emit({ type: 'update-available', version: '0.2.0' });
      expect(updates.updateState).toBe('downloading');
      port.emit({ type: 'update-downloaded', version: '0.2.0' });
      expect(updates.updateState).toBe('ready');
    });

    it('a failed check with nothing found is error (the portal must not say "latest version"); a later good check clears it', async () => {
      const checkForUpdate = vi
        .fn<() => Promise<string | null>>()
        .mockRejectedValueOnce(new Error('net::ERR_INTERNET_DISCONNECTED'))
        .mockResolvedValueOnce(null);
      const port = fakePort({ checkForUpdate });
      const updates = new UpdateService(port, recordingLogger(), { platform: 'win32' });
      port.emit({ type: 'error', message: 'before any decision: ignored' });
      await updates.check();
      expect(await updates.status()).toEqual({ mode: 'install', updateAvailable: null, state: 'error' });
      await updates.check();
      expect(await updates.status()).toEqual({ mode: 'install', updateAvailable: null, state: 'none' });
    });

    it('install: once downloaded, later errors and "nothing newer" keep it ready (it installs on quit all the same)', async () => {
      const { port, updates } = await decided();
      port.emit({ type: 'update-available', version: '0.2.0' });
      port.emit({ type: 'update-downloaded', version: '0.2.0' });
      port.emit({ type: 'error', message: 'offline' });
      port.emit({ type: 'update-not-available' });
      expect(await updates.status()).toEqual({ mode: 'install', updateAvailable: '0.2.0', state: 'ready' });
    });

    it('notify: a found version is available, never downloading or ready; errors keep announcing it', async () => {
      const { port, updates } = await decided({ provider: 'generic', url: FEED }, 'linux');
      port.emit({ type: 'update-available', version: '0.2.0' });
      expect(await updates.status()).toEqual({ mode: 'notify', updateAvailable: '0.2.0', state: 'available' });
      port.emit({ type: 'update-downloaded', version: '0.2.0' });
      port.emit({ type: 'error', message: 'offline' });
      expect(await updates.status()).toEqual({ mode: 'notify', updateAvailable: '0.2.0', state: 'available' });
      port.emit({ type: 'update-not-available' });
      expect(await updates.status()).toEqual({ mode: 'notify', updateAvailable: null, state: 'none' });
    });

    it('off: events change nothing', async () => {
      const { port, updates } = await decided(null);
      port.emit({ type: 'update-available', version: '0.2.0' });
      port.emit({ type: 'update-downloaded', version: '0.2.0' });
      expect(await updates.status()).toEqual({ mode: 'off', updateAvailable: null, state: 'none' });
    });
  });

  describe('what the portal is told (status, reported by getAppInfo)', () => {
    const UNSIGNED = { provider: 'generic', url: FEED };
    it.each([
      ['a signed Windows build', SIGNED, 'win32', null, 'install', '0.2.0'],
      ['an unsigned Windows build (no publisherName)', UNSIGNED, 'win32', null, 'notify', '0.2.0'],
      [
        'a Windows build whose own executable is not signed by the publisher',
        SIGNED,
        'win32',
        'NotSigned',
        'notify',
        '0.2.0',
      ],
      ['Linux, even with a publisher list', SIGNED, 'linux', null, 'notify', '0.2.0'],
      ['macOS (no reviewed installer)', UNSIGNED, 'darwin', null, 'notify', '0.2.0'],
      ['an http feed', { ...SIGNED, url: 'http://updates.agentportal.example/desktop/' }, 'win32', null, 'off', null],
      ['a file: feed on Linux', { provider: 'generic', url: 'file:///srv/updates/' }, 'linux', null, 'off', null],
      ['a development build (no app-update.yml)', null, 'win32', null, 'off', null],
    ] as const)('%s: %s', async (_what, config, platform, unsignedBecause, mode, updateAvailable) => {
      // A found version is downloading under install (not ready: nothing is downloaded yet), announced under notify.
      const state = mode === 'install' ? 'downloading' : mode === 'notify' ? 'available' : 'none';
      const checkForUpdate = vi.fn(async () => '0.2.0');
      const port = fakePort({
        readPackagedConfig: async () => config,
        verifyRunningBuild: async () => unsignedBecause,
        checkForUpdate,
      });
      const updates = new UpdateService(port, recordingLogger(), { platform });
      updates.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(await updates.status()).toEqual({ mode, updateAvailable, state });
      if (mode === 'off') expect(checkForUpdate).not.toHaveBeenCalled();
      updates.stop();
    });

    it('asked before the first check, waits for the decision (made once) rather than guessing', async () => {
      let readConfig: (config: unknown) => void = () => undefined;
      const readPackagedConfig = vi.fn(() => new Promise<unknown>((resolve) => (readConfig = resolve)));
      const updates = new UpdateService(fakePort({ readPackagedConfig }), recordingLogger(), { platform: 'linux' });
      const early = updates.status();
      updates.start();
      let answered = false;
      void early.then(() => (answered = true));
      await vi.advanceTimersByTimeAsync(0);
      expect(answered).toBe(false);
      readConfig({ provider: 'generic', url: FEED });
      expect(await early).toEqual({ mode: 'notify', updateAvailable: null, state: 'none' });
      expect(readPackagedConfig).toHaveBeenCalledTimes(1);
      updates.stop();
    });

    it('unreadable update settings: off, never an error', async () => {
      const updates = new UpdateService(
        fakePort({ readPackagedConfig: () => Promise.reject(new Error('bad YAML')) }),
        recordingLogger(),
        { platform: 'win32' },
      );
      await expect(updates.status()).resolves.toEqual({ mode: 'off', updateAvailable: null, state: 'none' });
    });
  });
});
