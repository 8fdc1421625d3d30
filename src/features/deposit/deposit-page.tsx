import { Card, Col, Row } from 'antd';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { useScreenShortcuts } from '../../components/screen-shortcuts';
import { DepositForm, type DepositFormHandle } from './deposit-form';
import { DepositList, type DepositListHandle } from './deposit-list';

/** Deposit: the request form and the list of requests, each with its receipt. */
export function DepositPage() {
  const { t } = useTranslation('records');
  const request = useRef<DepositFormHandle>(null);
  const list = useRef<DepositListHandle>(null);
  // The table's meanings (lib/keyboard/shortcut-table.ts): F9 sends the request, F2 is the list's search.
  const shortcuts = useScreenShortcuts([
    { id: 'search', run: () => list.current?.focusFilter(), text: t('shortcuts.filters') },
    { id: 'submit', run: () => request.current?.submit(), text: t('shortcuts.requestDeposit') },
    { id: 'new', run: () => request.current?.startOver(), text: t('shortcuts.newDeposit') },
    { id: 'refresh', run: () => list.current?.refresh(), text: t('shortcuts.refreshList') },
    { id: 'print', run: () => request.current?.printReceipt(), text: t('shortcuts.printDepositReceipt') },
  ]);
  return (
    <>
      <PageTitle>{t('menu:deposit')}</PageTitle>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={8}>
          <Card title={t('deposit.formTitle')}>
            <DepositForm handle={request} />
          </Card>
        </Col>
        <Col xs={24} xl={16}>
          <Card title={t('deposit.listTitle')}>
            <DepositList handle={list} />
          </Card>
        </Col>
      </Row>
      {shortcuts.help}
    </>
  );
}
