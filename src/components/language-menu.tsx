import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../lib/i18n';
import { GlobalIcon } from './plain/icons';
import './plain/plain.css';

/**
 * English or Bengali; the choice switches texts, antd and dates together and
 * is remembered. A small menu button of its own in plain markup, drawn like
 * antd's text button and Dropdown: it sits on the sign-in page, which loads
 * no antd.
 */
export function LanguageMenu({ showLabel = true }: { showLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const current = i18n.language as Language;

  useEffect(() => {
    if (!open) return undefined;
    root.current?.querySelector<HTMLElement>('[aria-checked="true"]')?.focus();
    const outside = (event: MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', outside);
    return () => document.removeEventListener('mousedown', outside);
  }, [open]);

  const choose = (language: Language) => {
    setOpen(false);
    // Back to the menu's button, as a menu does: Tab then goes on from there, not from the page's top.
    root.current?.querySelector<HTMLElement>('button')?.focus();
    void changeLanguage(language);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      setOpen(false);
      root.current?.querySelector<HTMLElement>('button')?.focus();
    }
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
      const index = items.indexOf(document.activeElement as HTMLElement);
      items[(index + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
      event.preventDefault();
    }
  };

  return (
    <div ref={root} className="pl-menu-anchor" onKeyDown={onKeyDown}>
      <button
        type="button"
        className={showLabel ? 'pl-btn pl-btn-text' : 'pl-btn pl-btn-text pl-btn-icon-only'}
        aria-label={t('topBar.language')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="pl-btn-icon">
          <GlobalIcon />
        </span>
        {showLabel ? <span>{t(`languages.${current}`)}</span> : null}
      </button>
      {open && (
        <ul role="menu" aria-label={t('topBar.language')} className="pl-menu">
          {LANGUAGES.map((language) => (
            <li
              key={language}
              role="menuitemradio"
              aria-checked={language === current}
              lang={language}
              tabIndex={-1}
              onClick={() => choose(language)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' || event.key === ' ') {
                  event.preventDefault();
                  choose(language);
                }
              }}
            >
              {t(`languages.${language}`)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
