import { ApartmentOutlined } from '@ant-design/icons';
import { Button, Dropdown } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCompanies } from '../lib/queries/companies';
import { selectCompany } from '../lib/session';
import { useSessionStore } from '../stores/session-store';

/** Lists the user's companies; choosing one stores it and reloads the page under it. */
export function CompanySwitcher() {
  const { t } = useTranslation();
  const companyId = useSessionStore((s) => s.companyId);
  const { data: companies = [] } = useCompanies();

  const choose = async (id: number) => {
    if (id === companyId) return;
    await selectCompany(id);
    window.location.reload();
  };

  return (
    <Dropdown
      trigger={['click']}
      menu={{
        selectable: true,
        selectedKeys: companyId === null ? [] : [String(companyId)],
        items: companies.map((company) => ({ key: String(company.id), label: company.name })),
        onClick: ({ key }) => void choose(Number(key)),
      }}
    >
      <Button type="text" icon={<ApartmentOutlined />} aria-label={t('topBar.companySwitcher')} />
    </Dropdown>
  );
}
