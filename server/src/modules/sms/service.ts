import type { Unit, Units } from '../../db/units';
import type { Clock } from '../../lib/clock';
import type { SmsMessage, SmsProvider } from './provider';
import { SmsOutboxLater, SmsOutboxRepository, type OutboxMessage } from './repository';

/** The text with every occurrence of the secret replaced by as many bullets. */
export function maskSecret(text: string, secret: string): string {
  return text.split(secret).join('•'.repeat(secret.length));
}

/** The default provider: every message lands in the sms_outbox table. */
export class OutboxSmsProvider implements SmsProvider {
  constructor(
    private readonly units: Units,
    private readonly clock: Clock,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    await this.units.run((uow) => uow.repo(SmsOutboxRepository).insert(this.rowOf(message)));
  }

  /** Inside the caller's unit: the row exists exactly when that unit commits. */
  async record(uow: Unit, message: SmsMessage): Promise<void> {
    await uow.repo(SmsOutboxRepository).insert(this.rowOf(message));
  }

  /** With the caller's write-only rows: an outbox row has no constraint but its user, the caller's own. */
  async recordLater(uow: Unit, message: SmsMessage): Promise<void> {
    await uow.repo(SmsOutboxLater).add(this.rowOf(message));
  }

  private rowOf(message: SmsMessage) {
    const maskedText = message.secret ? maskSecret(message.text, message.secret) : null;
    return {
      to: message.to,
      text: message.text,
      maskedText,
      userId: message.userId ?? null,
      purpose: message.purpose,
      createdAt: this.clock.now().toISOString(),
    };
  }
}

/** Reads the outbox (operator command line). */
export class SmsOutboxService {
  constructor(private readonly units: Units) {}

  last(limit: number, username?: string): Promise<OutboxMessage[]> {
    return this.units.read((r) => r.repo(SmsOutboxRepository).last(limit, username));
  }
}
