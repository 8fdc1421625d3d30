import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { toApiError } from '../../lib/api/api-error';
import { applyFieldErrors } from '../../lib/api/field-errors';
import { notify } from '../../lib/notify/notifier';
import { rules } from '../../lib/validators';
import { useChangePassword, type ChangePasswordValues } from './api/change-password';

/** `onChanged`: after a successful change (the expired-password page lets the portal load again). */
export function ChangePasswordPage({ onChanged }: { onChanged?: () => void } = {}) {
  const { t } = useTranslation(['auth', 'errors']);
  const [form] = Form.useForm<ChangePasswordValues>();
  const change = useChangePassword();
  const help = {
    title: t('errors:PASSWORD_VALIDATION_ERROR'),
    icon: <QuestionCircleOutlined aria-label={t('auth:forgot.passwordRule')} />,
  };

  const submit = (values: ChangePasswordValues) =>
    change.mutate(values, {
      onSuccess: () => {
        notify('success', t('auth:change.done'));
        form.resetFields();
        onChanged?.();
      },
      // The refusal is a toast (callApi); one that points at a field also goes under it.
      onError: (e) => {
        const error = toApiError(e);
        if (error.sessionExpired) return;
        if (error.reason === 'WRONG_CURRENT_PASSWORD')
          form.setFields([{ name: 'currentPassword', errors: [t('errors:WRONG_CURRENT_PASSWORD')] }]);
        else applyFieldErrors(form, error);
      },
    });

  return (
    <>
      <PageTitle>{t('common:topBar.changePassword')}</PageTitle>
      <Card style={{ maxWidth: 480 }}>
        <Form<ChangePasswordValues>
          form={form}
          layout="vertical"
          requiredMark={false}
          onFinish={submit}
          disabled={change.isPending}
        >
          <Form.Item
            name="currentPassword"
            label={t('auth:change.currentPassword')}
            rules={[rules.required('CURRENT_PASSWORD_REQUIRED')]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('auth:change.newPassword')}
            tooltip={help}
            rules={[rules.newPassword()]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('auth:change.confirmPassword')}
            tooltip={help}
            dependencies={['newPassword']}
            rules={[rules.confirms('newPassword')]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={change.isPending} disabled={change.isPending}>
            {t('auth:change.submit')}
          </Button>
        </Form>
      </Card>
    </>
  );
}
