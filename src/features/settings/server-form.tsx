import { CheckCircleOutlined, CloudServerOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reasonMessage } from '../../lib/api/error-messages';
import { saveShellSettings } from '../../lib/bridge';
import type { PingResult } from './api/ping-server';
import { checkServerAddress, sameServer } from './server-address';

export interface ServerFormProps {
  /** The address in force (the shell's settings). */
  current: string | null;
  ping: (url: string) => Promise<PingResult>;
  /** After a save: the portal reloads so every call goes to the new server (and the shell's CSP admits it). */
  reload: () => void;
}

type Tested = { url: string; result: PingResult };

/**
 * The server address: validated as typed, "Test connection" pings
 * {url}/api/health, and only an address whose ping passed can be saved.
 */
export function ServerForm({ current, ping, reload }: ServerFormProps) {
  const { t } = useTranslation('settings');
  const [text, setText] = useState(current ?? '');
  const [showProblems, setShowProblems] = useState(false);
  const [testing, setTesting] = useState(false);
  const [tested, setTested] = useState<Tested | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const check = checkServerAddress(text);
  const unchanged = check.ok && sameServer(check.url, current);
  const testedThis = check.ok && tested?.url === check.url ? tested.result : null;
  const canSave = check.ok && !unchanged && testedThis?.ok === true && !saving;
  const problem = !check.ok && (showProblems || text.trim() !== '') ? t(`server.problems.${check.problem}`) : null;

  const test = async () => {
    setShowProblems(true);
    if (!check.ok) return;
    setTesting(true);
    setSaveError(null);
    try {
      setTested({ url: check.url, result: await ping(check.url) });
    } finally {
      setTesting(false);
    }
  };

  const save = async () => {
    if (!canSave) return;
    setSaving(true);
    setSaveError(null);
    const result = await saveShellSettings({ serverUrl: check.url });
    if (result.ok) {
      reload();
      return;
    }
    setSaving(false);
    setSaveError(reasonMessage(result.error.reason));
  };

  const help =
    problem ?? (unchanged ? t('server.unchanged') : check.ok && !testedThis?.ok ? t('server.testFirst') : undefined);

  return (
    <Form layout="vertical" onFinish={() => void save()} requiredMark={false} aria-label={t('server.title')}>
      <Typography.Paragraph type="secondary">{t('server.help')}</Typography.Paragraph>
      <Form.Item
        label={t('server.address')}
        htmlFor="settings-server-url"
        validateStatus={problem ? 'error' : undefined}
        help={help}
        style={{ marginBottom: 24 }}
      >
        <Input
          id="settings-server-url"
          prefix={<CloudServerOutlined aria-hidden />}
          placeholder={t('server.placeholder')}
          value={text}
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setSaveError(null);
          }}
          onBlur={() => setShowProblems(true)}
        />
      </Form.Item>
      {testedThis && (
        <Alert
          style={{ marginBottom: 16 }}
          showIcon
          icon={testedThis.ok ? <CheckCircleOutlined /> : undefined}
          type={testedThis.ok ? 'success' : 'error'}
          role={testedThis.ok ? 'status' : 'alert'}
          title={
            testedThis.ok ? t('server.ok', { version: testedThis.version }) : t(`server.ping.${testedThis.problem}`)
          }
        />
      )}
      {saveError && <Alert style={{ marginBottom: 16 }} showIcon type="error" role="alert" title={saveError} />}
      <Space wrap>
        <Button onClick={() => void test()} loading={testing} disabled={!check.ok}>
          {testing ? t('server.testing') : t('server.test')}
        </Button>
        <Button type="primary" htmlType="submit" disabled={!canSave} loading={saving}>
          {t('server.save')}
        </Button>
      </Space>
    </Form>
  );
}
