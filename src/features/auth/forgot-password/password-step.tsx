import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Form, Input } from 'antd';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import { rules } from '../../../lib/validators';

export interface NewPasswordValues {
  newPassword: string;
  confirmPassword: string;
}

/** New password and confirmation, each with show/hide and the rule in a help tooltip. */
export function PasswordStep({
  form,
  loading,
  onSubmit,
}: {
  form: FormInstance<NewPasswordValues>;
  loading: boolean;
  onSubmit: (values: NewPasswordValues) => void;
}) {
  const { t } = useTranslation(['auth', 'errors']);
  const help = {
    title: t('errors:PASSWORD_VALIDATION_ERROR'),
    icon: <QuestionCircleOutlined aria-label={t('auth:forgot.passwordRule')} />,
  };
  return (
    <Form<NewPasswordValues> form={form} layout="vertical" requiredMark={false} onFinish={onSubmit} disabled={loading}>
      <Form.Item name="newPassword" label={t('auth:forgot.newPassword')} tooltip={help} rules={[rules.newPassword()]}>
        <Input.Password autoComplete="new-password" autoFocus />
      </Form.Item>
      <Form.Item
        name="confirmPassword"
        label={t('auth:forgot.confirmPassword')}
        tooltip={help}
        dependencies={['newPassword']}
        rules={[rules.confirms('newPassword')]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={loading} disabled={loading}>
        {t('auth:forgot.resetPassword')}
      </Button>
    </Form>
  );
}
