import { Card, Col, Row } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { DepositForm } from './deposit-form';
import { DepositList } from './deposit-list';

/** Deposit: the request form and the list of requests, each with its receipt. */
export function DepositPage() {
  const { t } = useTranslation('records');
  return (
    <>
      <PageTitle>{t('menu:deposit')}</PageTitle>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <Card title={t('deposit.formTitle')}>
            <DepositForm />
          </Card>
        </Col>
        <Col xs={24} xl={16}>
          <Card title={t('deposit.listTitle')}>
            <DepositList />
          </Card>
        </Col>
      </Row>
    </>
  );
}
