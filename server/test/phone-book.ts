import type { Database } from '../src/db/database';

/**
 * A repository of the tests' own over known_passengers (units of work, group commit): a unit hands out any class made
 * over a database, and a row per phone shows whether a unit's write was kept.
 */
export class PhoneBook {
  constructor(private readonly db: Database) {}

  remember(phone: string) {
    return this.db
      .insertInto('known_passengers')
      .values({
        company_id: 1,
        agent_id: 1,
        phone,
        country_code: 'BD',
        name: phone,
        email: null,
        updated_at: '2026-01-01T00:00:00.000Z',
      })
      .execute();
  }

  async count(phone: string): Promise<number> {
    return (await this.db.selectFrom('known_passengers').select('phone').where('phone', '=', phone).execute()).length;
  }
}
