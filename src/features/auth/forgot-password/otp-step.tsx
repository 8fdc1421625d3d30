import { ReloadOutlined } from '@ant-design/icons';
import { Button, Form, Input, Typography } from 'antd';
import { OTP_LENGTH } from '../../../lib/contract';
import { useTranslation } from 'react-i18next';
import { rules } from '../../../lib/validators';

interface OtpStepProps {
  maskedPhone: string | null;
  secondsLeft: number;
  verifying: boolean;
  resending: boolean;
  onVerify: (otp: string) => void;
  onResend: () => void;
}

/** The OTP, with a resend that waits out its countdown. */
export function OtpStep({ maskedPhone, secondsLeft, verifying, resending, onVerify, onResend }: OtpStepProps) {
  const { t } = useTranslation('auth');
  const counting = secondsLeft > 0;
  return (
    <Form<{ otp: string }> layout="vertical" requiredMark={false} onFinish={({ otp }) => onVerify(otp.trim())}>
      <Typography.Paragraph type="secondary">
        {maskedPhone ? t('forgot.otpSent', { phone: maskedPhone }) : t('forgot.otpSentNoPhone')}
      </Typography.Paragraph>
      <Form.Item name="otp" label={t('forgot.otp')} rules={[rules.required('OTP_REQUIRED')]}>
        <Input inputMode="numeric" autoComplete="one-time-code" maxLength={OTP_LENGTH} autoFocus disabled={verifying} />
      </Form.Item>
      <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', marginBottom: 16 }}>
        {counting ? (
          <Typography.Text type="secondary" role="timer" aria-live="off">
            {t('forgot.resendIn', { seconds: secondsLeft })}
          </Typography.Text>
        ) : (
          <span />
        )}
        <Button
          type="link"
          icon={counting ? undefined : <ReloadOutlined aria-hidden />}
          disabled={counting || resending}
          loading={resending}
          onClick={onResend}
        >
          {t('forgot.resend')}
        </Button>
      </div>
      <Button type="primary" htmlType="submit" block loading={verifying} disabled={verifying}>
        {t('forgot.verify')}
      </Button>
    </Form>
  );
}
