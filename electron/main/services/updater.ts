import type { Logger } from './ports';
import { planUpdates, type UpdateMode } from './update-policy';

/**
 * Checks for a new release on start and every few hours and remembers the
 * newer version for getAppInfo. Before the first check it decides what the
 * updater may do (update-policy.ts): no check against a feed that is not
 * https, and installing only where the installer's publisher is verified
 * (signed Windows builds); elsewhere a newer version is announced only.
 * Offline, a failed check is logged and the next one simply tries again: the
 * updater never takes the app down.
 */
export interface UpdaterPort {
  /** resources/app-update.yml as parsed YAML, or null when the build has none (development). */
  readPackagedConfig(): Promise<unknown>;
  /** Windows: null when the running executable is signed by one of these publishers, else why not. */
  verifyRunningBuild(publisherNames: string[]): Promise<string | null>;
  /** Arms the updater: install downloads in the background and installs on quit; notify only checks. */
  configure(mode: 'notify' | 'install'): void;
  /** The newer version on the feed, or null when this one is current. */
  checkForUpdate(): Promise<string | null>;
}

export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

export interface UpdateServiceOptions {
  platform: NodeJS.Platform;
  intervalMs?: number;
}

export class UpdateService {
  private available: string | null = null;
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
  }

  get updateAvailable(): string | null {
    return this.available;
  }

  /** null until decided (the first check decides). */
  get mode(): UpdateMode | null {
    return this.currentMode;
  }

  /**
   * What the portal is told (getAppInfo): the mode the policy decided (waiting
   * for the decision, which never rejects: at worst off) and the newer version.
   * The portal promises an install on quit only for install; for notify it
   * says that support installs the new version by hand; off announces nothing.
   */
  async status(): Promise<{ mode: UpdateMode; updateAvailable: string | null }> {
    const mode = await this.prepared();
    return { mode, updateAvailable: mode === 'off' ? null : this.available };
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
      .then((mode) => (mode === 'off' ? null : this.port.checkForUpdate()))
      .then((version) => {
        if (version !== null && version !== this.available) this.logger.info('update available', { version, mode: this.currentMode });
        this.available = version ?? this.available;
      })
      .catch((error: unknown) => {
        this.logger.warn('update check failed', { error: messageOf(error) });
      })
      .finally(() => {
        this.checking = null;
      });
    return this.checking;
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
    if (mode === 'notify') this.logger.warn('automatic update installation off; newer versions are announced only', { reason, feed: plan.feedUrl });
    else this.logger.info('updates install on quit once verified', { feed: plan.feedUrl, publisherNames: plan.publisherNames });
    this.port.configure(mode);
    return mode;
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
