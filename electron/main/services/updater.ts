import type { UpdateState } from '@agent-portal/contract';
import type { Logger } from './ports';
import { planUpdates, type UpdateMode } from './update-policy';

export type { UpdateState };

/**
 * Checks for a new release on start and every few hours and reports where
 * the newer version stands for getAppInfo. Before the first check it decides
 * what the updater may do (update-policy.ts): no check against a feed that is
 * not https, and installing only where the installer's publisher is verified
 * (signed Windows builds); elsewhere a newer version is announced only.
 * Offline, a failed check is logged and the next one simply tries again: the
 * updater never takes the app down.
 *
 * The state follows electron-updater's events, never a guess: in install
 * mode a found version is `downloading` (update-available) until
 * update-downloaded makes it `ready` (only then does it install on quit); an
 * error makes it `error` until a later check succeeds. A downloaded version
 * stays `ready` whatever later checks say: it installs on quit all the same.
 * In notify mode nothing downloads: a found version is `available`.
 */
export type UpdaterEvent =
  | { type: 'update-available'; version: string }
  | { type: 'update-not-available' }
  | { type: 'update-downloaded'; version: string }
  | { type: 'error'; message: string };

export interface UpdaterPort {
  /** resources/app-update.yml as parsed YAML, or null when the build has none (development). */
  readPackagedConfig(): Promise<unknown>;
  /** Windows: null when the running executable is signed by one of these publishers, else why not. */
  verifyRunningBuild(publisherNames: string[]): Promise<string | null>;
  /** Arms the updater: install downloads in the background and installs on quit; notify only checks. */
  configure(mode: 'notify' | 'install'): void;
  /** The newer version on the feed, or null when this one is current. */
  checkForUpdate(): Promise<string | null>;
  /** electron-updater's events (adapter: autoUpdater.on), for as long as the app runs. */
  onEvent(listener: (event: UpdaterEvent) => void): void;
}

export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

export interface UpdateServiceOptions {
  platform: NodeJS.Platform;
  intervalMs?: number;
}

export class UpdateService {
  private available: string | null = null;
  private state: UpdateState = 'none';
  private timer: ReturnType<typeof setInterval> | null = null;
  private checking: Promise<void> | null = null;
  private ready: Promise<UpdateMode> | null = null;
  private currentMode: UpdateMode | null = null;
  private readonly platform: NodeJS.Platform;
  private readonly intervalMs: number;

  constructor(
    private readonly port: UpdaterPort,
    private readonly logger: Logger,
    options: UpdateServiceOptions,
  ) {
    this.platform = options.platform;
    this.intervalMs = options.intervalMs ?? UPDATE_CHECK_INTERVAL_MS;
    port.onEvent((event) => this.onEvent(event));
  }

  get updateAvailable(): string | null {
    return this.available;
  }

  get updateState(): UpdateState {
    return this.state;
  }

  /** null until decided (the first check decides). */
  get mode(): UpdateMode | null {
    return this.currentMode;
  }

  /**
   * What the portal is told (getAppInfo): the mode the policy decided (waiting
   * for the decision, which never rejects: at worst off), the newer version
   * and where it stands. The portal promises an install on quit only for the
   * state ready (install mode, downloaded); for notify it says that support
   * installs the new version by hand; off announces nothing.
   */
  async status(): Promise<{ mode: UpdateMode; updateAvailable: string | null; state: UpdateState }> {
    const mode = await this.prepared();
    if (mode === 'off') return { mode, updateAvailable: null, state: 'none' };
    return { mode, updateAvailable: this.available, state: this.state };
  }

  start(): void {
    void this.prepared().then((mode) => {
      if (mode === 'off') return;
      void this.check();
      this.timer = setInterval(() => void this.check(), this.intervalMs);
      this.timer.unref?.();
    });
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** One check at a time; never rejects; nothing when updates are off. */
  check(): Promise<void> {
    this.checking ??= this.prepared()
      .then(async (mode) => {
        if (mode === 'off') return;
        const version = await this.port.checkForUpdate();
        if (version === null) this.upToDate();
        else this.found(version);
      })
      .catch((error: unknown) => {
        this.logger.warn('update check failed', { error: messageOf(error) });
        this.failed();
      })
      .finally(() => {
        this.checking = null;
      });
    return this.checking;
  }

  private onEvent(event: UpdaterEvent): void {
    if (this.currentMode === null || this.currentMode === 'off') return;
    switch (event.type) {
      case 'update-available':
        this.found(event.version);
        break;
      case 'update-not-available':
        this.upToDate();
        break;
      case 'update-downloaded':
        // Notify mode never downloads, and would not install on quit if it did: never claim ready there.
        if (this.currentMode !== 'install') return;
        if (this.state !== 'ready' || this.available !== event.version)
          this.logger.info('update downloaded; installs on quit', { version: event.version });
        this.available = event.version;
        this.state = 'ready';
        break;
      case 'error':
        this.failed();
        break;
    }
  }

  /** A newer version on the feed (the check's answer or update-available). */
  private found(version: string): void {
    if (version !== this.available) this.logger.info('update available', { version, mode: this.currentMode });
    if (this.currentMode === 'install') {
      // Already downloaded: it stays ready (electron-updater checks the download again and says update-downloaded).
      if (!(this.state === 'ready' && this.available === version)) this.state = 'downloading';
    } else {
      this.state = 'available';
    }
    this.available = version;
  }

  private upToDate(): void {
    // A downloaded update still installs on quit.
    if (this.state === 'ready') return;
    this.available = null;
    this.state = 'none';
  }

  /** A failed check or download: what is downloaded stays ready, a found version in notify mode stays announced. */
  private failed(): void {
    if (this.state === 'ready' || this.state === 'available') return;
    this.state = 'error';
  }

  private prepared(): Promise<UpdateMode> {
    this.ready ??= this.decide()
      .catch((error: unknown) => {
        this.logger.warn('updates off: the update settings could not be read', { error: messageOf(error) });
        return 'off' as const;
      })
      .then((mode) => (this.currentMode = mode));
    return this.ready;
  }

  private async decide(): Promise<UpdateMode> {
    const config = await this.port.readPackagedConfig();
    const plan = planUpdates(config, this.platform);
    if (plan.mode === 'off') {
      if (config === null || config === undefined) this.logger.info('updates off', { reason: plan.reason });
      else this.logger.warn('update feed refused; updates off, nothing is checked', { reason: plan.reason });
      return 'off';
    }
    let mode: 'notify' | 'install' = plan.mode;
    let reason = plan.reason;
    if (mode === 'install' && this.platform === 'win32') {
      const problem = await this.port.verifyRunningBuild(plan.publisherNames);
      if (problem !== null) {
        mode = 'notify';
        reason = `this build is not signed by ${plan.publisherNames.join(' | ')}: ${problem}`;
      }
    }
    if (mode === 'notify')
      this.logger.warn('automatic update installation off; newer versions are announced only', {
        reason,
        feed: plan.feedUrl,
      });
    else
      this.logger.info('updates install on quit once verified', {
        feed: plan.feedUrl,
        publisherNames: plan.publisherNames,
      });
    this.port.configure(mode);
    return mode;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
