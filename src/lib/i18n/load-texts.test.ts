import { describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n, loadTexts } from '.';

describe('loadTexts', () => {
  it('resolves once a namespace is there in the language in use and in English', async () => {
    await initI18n('bn');
    await loadTexts(['ticket-operation']);
    expect(i18n.hasResourceBundle('bn', 'ticket-operation')).toBe(true);
    expect(i18n.hasResourceBundle('en', 'ticket-operation')).toBe(true);
    expect(i18n.t('ticket-operation:lookup.title')).toBe('টিকিট খুঁজুন');
    await changeLanguage('en');
    expect(i18n.t('ticket-operation:lookup.title')).toBe('Find a ticket');
    expect(document.documentElement.lang).toBe('en');
  });

  it('fails, for the route to show its error page, when a namespace does not load', async () => {
    await initI18n('en');
    await expect(loadTexts(['no-such-namespace'])).rejects.toThrow('texts did not load: en/no-such-namespace');
  });
});
