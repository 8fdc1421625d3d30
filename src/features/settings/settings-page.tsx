import type { PrinterSettings } from '@agent-portal/contract';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { getDeviceInfo, getShellSettings, listPrinters } from '../../lib/bridge';
import { usePrintPreferences } from '../../lib/print-preferences';
import { printTicket } from '../../lib/printing';
import { useAppInfo } from '../../lib/queries/app-info';
import { AboutPanel } from './about-panel';
import { pingServer, type PingResult } from './api/ping-server';
import { PrinterForm, type TestPrintOutcome } from './printer-form';
import { SAMPLE_RESERVATION } from './sample-reservation';
import { ServerForm } from './server-form';

/** The sample ticket is no sale: nothing is recorded with the server. */
const recordNothing = () => Promise.resolve();

/** Prints the sample ticket with the printer, paper and copies on screen (saved or not). */
function testPrint({ paper, copies, deviceName }: PrinterSettings, language: 'en' | 'bn'): Promise<TestPrintOutcome> {
  return printTicket(
    { reservation: SAMPLE_RESERVATION, language, paper, copies, deviceName, printType: 'ORIGINAL' },
    { recordPrint: recordNothing },
  );
}

export interface SettingsPageProps {
  /** Probes a candidate server; defaults to GET {url}/api/health. */
  ping?: (url: string) => Promise<PingResult>;
  /** Defaults to reloading the page. */
  reload?: () => void;
}

const reloadPage = () => window.location.reload();

/** The desktop shell's settings: server address, ticket printing, and what this app and device are. */
export function SettingsPage({ ping = pingServer, reload = reloadPage }: SettingsPageProps) {
  const { t, i18n } = useTranslation('settings');
  const settings = useQuery({
    queryKey: ['bridge', 'settings'],
    queryFn: getShellSettings,
    staleTime: 0,
    retry: false,
  });
  const printers = useQuery({ queryKey: ['bridge', 'printers'], queryFn: listPrinters, staleTime: 0, retry: false });
  const device = useQuery({
    queryKey: ['bridge', 'device-info'],
    queryFn: getDeviceInfo,
    staleTime: 60_000,
    retry: false,
  });
  const app = useAppInfo();
  const { preferences, isLoading, save } = usePrintPreferences();
  const language = i18n.language === 'bn' ? 'bn' : 'en';

  return (
    <>
      <PageTitle>{t('common:topBar.settings')}</PageTitle>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title={t('printer.title')}>
            {isLoading || printers.isLoading ? (
              <Skeleton active />
            ) : (
              <PrinterForm
                printers={printers.data ?? null}
                preferences={preferences}
                onSave={save}
                onTestPrint={(chosen) => testPrint(chosen, language)}
              />
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={t('server.title')} style={{ marginBottom: 16 }}>
            {settings.isLoading ? (
              <Skeleton active />
            ) : (
              <ServerForm current={settings.data?.serverUrl ?? null} ping={ping} reload={reload} />
            )}
          </Card>
          <Card title={t('about.title')}>
            <AboutPanel app={app.data ?? null} device={device.data ?? null} />
          </Card>
        </Col>
      </Row>
    </>
  );
}
