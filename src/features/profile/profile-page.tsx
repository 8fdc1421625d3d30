import { Card, Descriptions, Flex, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { PageSpinner } from '../../components/page-spinner';
import { useProfile } from '../../lib/queries/profile';
import { useAccount, usePlanLabel } from '../../lib/queries/account';
import { ProfileTables } from './profile-tables';

/** Every section of the agent's profile. */
export function ProfilePage() {
  const { t } = useTranslation(['profile', 'common']);
  const { data: profile } = useProfile();
  const { data: account } = useAccount();
  const planLabel = usePlanLabel();
  if (!profile) return <PageSpinner />;
  const none = t('common:notAvailable');
  const roles = profile.roles.map((role) => <Tag key={role.name}>{role.name}</Tag>);

  return (
    <>
      <PageTitle>{t('common:topBar.profile')}</PageTitle>
      <Flex vertical gap={16}>
        <Card title={t('sections.user')}>
          <Descriptions
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'username', label: t('common:fields.username'), children: profile.username },
              { key: 'fullName', label: t('fields.fullName'), children: profile.fullName },
              { key: 'email', label: t('fields.email'), children: profile.email ?? none },
              { key: 'phone', label: t('common:fields.phone'), children: profile.phone ?? none },
              {
                key: 'agent',
                label: t('common:fields.agent'),
                children: `${profile.agent.name} (${profile.agent.code})`,
              },
              {
                key: 'outlet',
                label: t('common:fields.outlet'),
                children: `${profile.outlet.name} (${profile.outlet.code})`,
              },
              { key: 'company', label: t('common:fields.company'), children: profile.company.name },
              {
                key: 'validity',
                label: t('common:fields.passwordValidity'),
                children: t('common:fields.passwordValidityDays', { count: profile.passwordValidity }),
              },
              { key: 'roles', label: t('fields.roles'), children: roles.length ? roles : none },
            ]}
          />
        </Card>
        <Card title={t('sections.plan')}>
          <Descriptions
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'name', label: t('common:fields.plan'), children: profile.plan.name },
              { key: 'displayName', label: t('fields.planDisplayName'), children: planLabel(profile.plan) },
            ]}
          />
        </Card>
        <ProfileTables profile={profile} currencySymbol={account?.currency.symbol ?? ''} />
      </Flex>
    </>
  );
}
