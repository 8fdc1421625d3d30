import type { Database } from '../../db/database';
import type { Clock } from '../../lib/clock';
import type { SmsMessage, SmsProvider } from './provider';
import { SmsOutboxRepository, type OutboxMessage } from './repository';

/** The default provider: every message lands in the sms_outbox table. */
export class OutboxSmsProvider implements SmsProvider {
  private readonly repo: SmsOutboxRepository;

  constructor(
    db: Database,
    private readonly clock: Clock,
  ) {
    this.repo = new SmsOutboxRepository(db);
  }

  async send(message: SmsMessage): Promise<void> {
    await this.repo.insert(this.rowOf(message));
  }

  /** Inside the caller's transaction: the row exists exactly when that transaction commits. */
  async record(db: Database, message: SmsMessage): Promise<void> {
    await this.repo.insert(this.rowOf(message), db);
  }

  private rowOf(message: SmsMessage) {
    return { to: message.to, text: message.text, userId: message.userId ?? null, purpose: message.purpose, createdAt: this.clock.now().toISOString() };
  }
}

/** Reads the outbox (operator command line). */
export class SmsOutboxService {
  private readonly repo: SmsOutboxRepository;

  constructor(db: Database) {
    this.repo = new SmsOutboxRepository(db);
  }

  last(limit: number, username?: string): Promise<OutboxMessage[]> {
    return this.repo.last(limit, username);
  }
}
