import { UserOutlined } from '@ant-design/icons';
import { Button, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { rules } from '../../../lib/validators';

export function UsernameStep({ loading, onSubmit }: { loading: boolean; onSubmit: (username: string) => void }) {
  const { t } = useTranslation('auth');
  return (
    <Form<{ username: string }>
      layout="vertical"
      requiredMark={false}
      onFinish={({ username }) => onSubmit(username.trim())}
      disabled={loading}
    >
      <Typography.Paragraph type="secondary">{t('forgot.usernameHelp')}</Typography.Paragraph>
      <Form.Item name="username" label={t('common:fields.username')} rules={[rules.required('USERNAME_REQUIRED')]}>
        <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading} disabled={loading}>
        {t('forgot.sendOtp')}
      </Button>
    </Form>
  );
}
