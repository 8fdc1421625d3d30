import { GlobalOutlined } from '@ant-design/icons';
import Button from 'antd/es/button';
import { theme } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../lib/i18n';

/**
 * English or Bengali; the choice switches texts, antd and dates together and
 * is remembered. A small menu button of its own rather than antd's Dropdown:
 * it sits on the sign-in page, whose first load must stay small.
 */
export function LanguageMenu({ showLabel = true }: { showLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  const { token } = theme.useToken();
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
    void changeLanguage(language);
  };

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') setOpen(false);
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const items = [...(root.current?.querySelectorAll<HTMLElement>('[role="menuitemradio"]') ?? [])];
      const index = items.indexOf(document.activeElement as HTMLElement);
      items[(index + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
      event.preventDefault();
    }
  };

  return (
    <div ref={root} style={{ position: 'relative', display: 'inline-block' }} onKeyDown={onKeyDown}>
      <Button
        type="text"
        icon={<GlobalOutlined />}
        aria-label={t('topBar.language')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
      >
        {showLabel ? t(`languages.${current}`) : null}
      </Button>
      {open && (
        <ul
          role="menu"
          aria-label={t('topBar.language')}
          style={{
            position: 'absolute',
            insetInlineEnd: 0,
            top: '100%',
            zIndex: 1050,
            margin: '4px 0 0',
            padding: 4,
            listStyle: 'none',
            minWidth: 140,
            background: token.colorBgElevated,
            borderRadius: token.borderRadiusLG,
            boxShadow: token.boxShadowSecondary,
          }}
        >
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
              style={{
                padding: '5px 12px',
                borderRadius: token.borderRadiusSM,
                cursor: 'pointer',
                lineHeight: '22px',
                background: language === current ? token.controlItemBgActive : undefined,
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
