import { toBundle } from './bundle';

/**
 * Every English namespace, in one chunk (other features add their files to src/locales/en).
 * The reports namespace loads with the report screens instead (features/reports/report-texts.ts).
 */
export const bundle = toBundle(
  import.meta.glob(['../../locales/en/*.json', '!../../locales/en/reports.json'], { eager: true, import: 'default' }),
);
