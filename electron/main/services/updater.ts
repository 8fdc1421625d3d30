import type { Logger } from './ports';

/**
 * Checks for a new release on start and every few hours and remembers the
 * newer version for getAppInfo. Offline, a failed check is logged and the
 * next one simply tries again: the updater never takes the app down.
 */
export interface UpdaterPort {
  /** The newer version on the feed, or null when this one is current. */
  checkForUpdate(): Promise<string | null>;
}

export const UPDATE_CHECK_INTERVAL_MS = 4 * 60 * 60 * 1000;

export class UpdateService {
  private available: string | null = null;
  private timer: ReturnType<typeof setInterval> | null = null;
  private checking: Promise<void> | null = null;

  constructor(
    private readonly port: UpdaterPort,
    private readonly logger: Logger,
    private readonly intervalMs: number = UPDATE_CHECK_INTERVAL_MS,
  ) {}

  get updateAvailable(): string | null {
    return this.available;
  }

  start(): void {
    void this.check();
    this.timer = setInterval(() => void this.check(), this.intervalMs);
    this.timer.unref?.();
  }

  stop(): void {
    if (this.timer !== null) clearInterval(this.timer);
    this.timer = null;
  }

  /** One check at a time; never rejects. */
  check(): Promise<void> {
    this.checking ??= Promise.resolve()
      .then(() => this.port.checkForUpdate())
      .then((version) => {
        if (version !== null && version !== this.available) this.logger.info('update available', { version });
        this.available = version ?? this.available;
      })
      .catch((error: unknown) => {
        this.logger.warn('update check failed', { error: error instanceof Error ? error.message : String(error) });
      })
      .finally(() => {
        this.checking = null;
      });
    return this.checking;
  }
}
