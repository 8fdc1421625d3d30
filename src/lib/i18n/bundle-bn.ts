import { toBundle } from './bundle';

/**
 * Every Bengali namespace, in one chunk, loaded only when Bengali is in use.
 * The reports namespace loads with the report screens instead (features/reports/report-texts.ts).
 */
export const bundle = toBundle(
  import.meta.glob(['../../locales/bn/*.json', '!../../locales/bn/reports.json'], { eager: true, import: 'default' }),
);
