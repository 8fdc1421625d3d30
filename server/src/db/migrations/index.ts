import type { Migration } from 'kysely';
import * as foundation from './0001_foundation';

/** Every migration, by name; Kysely runs them in name order. Append only. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
};
