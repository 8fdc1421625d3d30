/**
 * The reports namespace, in both languages, travels with the report screens'
 * chunk rather than with the first load (lib/i18n/bundle-*.ts leave it out):
 * a counter that never opens a report never downloads its texts. Both
 * languages come together so a language switch on a report needs no fetch.
 */
import { i18n } from '../../lib/i18n';
import bn from '../../locales/bn/reports.json';
import en from '../../locales/en/reports.json';

export const REPORTS_NS = 'reports';

export function registerReportTexts(): void {
  if (!i18n.isInitialized) {
    i18n.on('initialized', registerReportTexts);
    return;
  }
  if (!i18n.hasResourceBundle('en', REPORTS_NS)) i18n.addResourceBundle('en', REPORTS_NS, en, true, true);
  if (!i18n.hasResourceBundle('bn', REPORTS_NS)) i18n.addResourceBundle('bn', REPORTS_NS, bn, true, true);
}

registerReportTexts();
