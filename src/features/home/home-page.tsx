import { Card, Col, Empty, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MenuIcon, type MenuIconName } from '../../components/menu-icons';
import { formatMoney } from '../../lib/format';
import { headlineAmount, useAccount, usePlanLabel } from '../../lib/queries/account';
import { useProfile } from '../../lib/queries/profile';

export interface Shortcut {
  path: string;
  label: string;
  icon?: MenuIconName;
}

/** Greeting, where the agent works, the money that matters, and the screens they may open. */
export function HomePage({ shortcuts }: { shortcuts: readonly Shortcut[] }) {
  const { t } = useTranslation('home');
  const { data: profile } = useProfile();
  const { data: account } = useAccount();
  const planLabel = usePlanLabel();
  const headline = account ? headlineAmount(account) : null;

  return (
    <>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('greeting', { name: profile?.fullName ?? profile?.username ?? '' })}
      </Typography.Title>
      {profile && (
        <Typography.Paragraph type="secondary">
          {t('workingFor', { company: profile.company.name, outlet: profile.outlet.name })}
        </Typography.Paragraph>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title={t(headline ? `common:account.${headline.kind}` : 'common:account.label')}
              value={account && headline ? formatMoney(headline.amount, account.currency.symbol) : '—'}
            />
            {account?.creditLimit != null && (
              <Typography.Text type="secondary">
                {t('creditLimit')}: {formatMoney(account.creditLimit, account.currency.symbol)}
              </Typography.Text>
            )}
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title={t('common:fields.plan')}
              value={account ? planLabel(account.plan) : profile ? planLabel(profile.plan) : '—'}
            />
          </Card>
        </Col>
        <Col xs={24} md={8}>
          <Card>
            <Statistic
              title={t('common:fields.passwordValidity')}
              value={profile ? t('common:fields.passwordValidityDays', { count: profile.passwordValidity }) : '—'}
            />
          </Card>
        </Col>
      </Row>
      <Typography.Title level={4}>{t('shortcuts')}</Typography.Title>
      {shortcuts.length === 0 ? (
        <Empty description={t('noShortcuts')} />
      ) : (
        <Row gutter={[16, 16]}>
          {shortcuts.map(({ path, label, icon }) => (
            <Col key={path} xs={12} sm={8} lg={6} xl={4}>
              <Link to={path}>
                <Card hoverable size="small" style={{ textAlign: 'center', height: '100%' }}>
                  <div style={{ fontSize: 24, marginBottom: 8 }} aria-hidden>
                    <MenuIcon name={icon} />
                  </div>
                  {label}
                </Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
