import { GlobalOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLanguage, LANGUAGES, type Language } from '../lib/i18n';

/** English or Bengali; the choice switches texts, antd and dates together and is remembered. */
export function LanguageMenu({ showLabel = true }: { showLabel?: boolean }) {
  const { t, i18n } = useTranslation();
  const current = i18n.language as Language;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: [current],
        items: LANGUAGES.map((language) => ({ key: language, label: t(`languages.${language}`), lang: language })),
        onClick: ({ key }) => void changeLanguage(key as Language),
      }}
    >
      <Button type="text" icon={<GlobalOutlined />} aria-label={t('topBar.language')} data-testid="language-menu">
        {showLabel ? t(`languages.${current}`) : null}
      </Button>
    </Dropdown>
  );
}
