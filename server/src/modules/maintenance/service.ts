/**
 * The operator's maintenance switch (issue #16, 14). While it is on, every
 * call that moves money or seats is refused with 503 SALES_RESTRICTED (the
 * rule book's status for it: the server is temporarily unable to sell, the
 * call may be repeated later); reads keep working. The switch lives in the
 * database so every server process sees it; each process reads it at most
 * once per MAINTENANCE_CACHE_MS, and at once after it changed it itself.
 * GET /api/maintenance answers the switch to the portal, which shows it as a
 * standing banner: the message, or its Bengali version to a Bengali screen.
 */
import type { Units } from '../../db/units';
import { AppError } from '../../http/app-error';
import type { Clock } from '../../lib/clock';
import { TtlCache } from '../../lib/ttl-cache';
import { MaintenanceRepository } from './repository';

export const MAINTENANCE_CACHE_MS = 2000;
const KEY = 'maintenance';
/**
 * The Bengali message lives in a row of its own (value 'bn', the text as its message): server_settings has one
 * message per row, and a second row needs no migration. It is written and removed with the switch.
 */
const KEY_BN = 'maintenance.message.bn';

export interface MaintenanceState {
  on: boolean;
  message: string | null;
  /** The message in Bengali, for agents working in Bengali; null when the operator gave one language only. */
  messageBn: string | null;
  since: string | null;
}

const OFF: MaintenanceState = { on: false, message: null, messageBn: null, since: null };

/**
 * The calls the switch refuses, by path. A function decides on the body
 * where one path both moves and does not move money or seats.
 */
const GATED: ReadonlyMap<string, (body: unknown) => boolean> = new Map<string, (body: unknown) => boolean>([
  // Locking seats is refused; letting seats go is not.
  ['/api/reservation/seatLock', (body) => ((body as { lock?: unknown[] } | undefined)?.lock?.length ?? 0) > 0],
  // Sell, book, open ticket, migrate: all create a reservation.
  ['/api/reservation/createReservation', () => true],
  // Every ticket operation but 6 (extend booking time) charges, refunds or frees seats.
  ['/api/reservation/ticketOperation', (body) => (body as { action?: number } | undefined)?.action !== 6],
  // A later boarding point frees the seats of the legs before it.
  ['/api/reservation/changeBoardingPoint', () => true],
  ['/api/extraWeightCharge', () => true],
  ['/api/extraWeightCharge/cancel', () => true],
  ['/api/account/deposit', () => true],
]);

export function isGatedCall(path: string, body: unknown): boolean {
  const rule = GATED.get(path);
  return rule !== undefined && rule(body);
}

export class MaintenanceService {
  private readonly cache: TtlCache<string, MaintenanceState>;
  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
  ) {
    this.cache = new TtlCache<string, MaintenanceState>(MAINTENANCE_CACHE_MS, 1, () => clock.now().getTime());
  }

  /** The switch as stored (no cache): for the command line. */
  async read(): Promise<MaintenanceState> {
    const [row, bn] = await this.units.read((r) =>
      Promise.all([r.repo(MaintenanceRepository).setting(KEY), r.repo(MaintenanceRepository).setting(KEY_BN)]),
    );
    if (!row || row.value !== 'on') return { ...OFF };
    return { on: true, message: row.message, messageBn: bn?.message ?? null, since: row.updated_at };
  }

  /** The switch as this process last read it, at most MAINTENANCE_CACHE_MS ago. */
  state(): Promise<MaintenanceState> {
    return this.cache.get(KEY, () => this.read());
  }

  /** Turns the switch on with the operator's message, in English (or any language) and optionally in Bengali. */
  async turnOn(message: string | null, messageBn: string | null = null): Promise<MaintenanceState> {
    const now = this.clock.now().toISOString();
    // The Bengali row first: a process reading in between sees the switch still off, never on with a stale message.
    await this.units.run(async (uow) => {
      const repo = uow.repo(MaintenanceRepository);
      if (messageBn) await repo.put(KEY_BN, 'bn', messageBn, now);
      else await repo.remove(KEY_BN);
      await repo.put(KEY, 'on', message, now);
    });
    this.cache.clear();
    return { on: true, message, messageBn, since: now };
  }

  async turnOff(): Promise<MaintenanceState> {
    await this.units.run(async (uow) => {
      await uow.repo(MaintenanceRepository).remove(KEY);
      await uow.repo(MaintenanceRepository).remove(KEY_BN);
    });
    this.cache.clear();
    return { ...OFF };
  }

  /** The switch as GET /api/maintenance answers it (absent fields rather than nulls). */
  async status(): Promise<{ on: boolean; message?: string; messageBn?: string; since?: string }> {
    const state = await this.state();
    if (!state.on) return { on: false };
    return {
      on: true,
      ...(state.message ? { message: state.message } : {}),
      ...(state.messageBn ? { messageBn: state.messageBn } : {}),
      ...(state.since ? { since: state.since } : {}),
    };
  }

  /** SALES_RESTRICTED (503) when the switch is on and the call moves money or seats. */
  async assertOpen(path: string, body: unknown): Promise<void> {
    if (!isGatedCall(path, body)) return;
    const state = await this.state();
    if (state.on) throw new AppError('SALES_RESTRICTED', undefined, state.message ?? undefined);
  }
}
