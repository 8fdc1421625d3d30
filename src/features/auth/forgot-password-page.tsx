import { ArrowLeftOutlined } from '@ant-design/icons';
import { OTP_RESEND_SECONDS } from '../../lib/contract';
import { Form, Steps } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { toApiError } from '../../lib/api/api-error';
import { applyFieldErrors } from '../../lib/api/field-errors';
import { formatCount } from '../../lib/format/numbers';
import { notify } from '../../lib/notify/notifier';
import { useResetPassword, useSendOtp, useVerifyOtp } from './api/password-reset';
import { AuthCard } from './auth-card';
import { OtpStep } from './forgot-password/otp-step';
import { PasswordStep, type NewPasswordValues } from './forgot-password/password-step';
import { UsernameStep } from './forgot-password/username-step';
import { useCountdown } from './use-countdown';

type Step = 'username' | 'otp' | 'password';
const STEPS: Step[] = ['username', 'otp', 'password'];

/** Username -> OTP -> new password -> /login. */
export function ForgotPasswordPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('username');
  const [username, setUsername] = useState('');
  const [otp, setOtp] = useState('');
  const [maskedPhone, setMaskedPhone] = useState<string | null>(null);
  const [passwordForm] = Form.useForm<NewPasswordValues>();
  const countdown = useCountdown();
  const sendOtp = useSendOtp();
  const verifyOtp = useVerifyOtp();
  const reset = useResetPassword();

  const send = (name: string, resend: boolean) =>
    sendOtp.mutate(name, {
      onSuccess: (answer) => {
        setUsername(name);
        setMaskedPhone(answer.maskedPhone);
        countdown.start(OTP_RESEND_SECONDS);
        setStep('otp');
        if (resend) notify('success', t('forgot.otpResent'));
      },
    });

  const submitPassword = (values: NewPasswordValues) =>
    reset.mutate(
      { username, otp, ...values },
      {
        onSuccess: () => {
          notify('success', t('forgot.resetDone'));
          void navigate('/login', { replace: true });
        },
        // The refusal is a toast (callApi); a field error also goes under its field.
        onError: (e) => applyFieldErrors(passwordForm, toApiError(e)),
      },
    );

  return (
    <AuthCard subtitle={t('forgot.title')}>
      <Steps
        size="small"
        current={STEPS.indexOf(step)}
        items={[
          { title: t('common:fields.username') },
          { title: t('forgot.stepOtp') },
          { title: t('forgot.stepPassword') },
        ]}
        style={{ marginBottom: 24 }}
        // antd numbers the steps with Latin digits: the language's instead (a done step keeps its tick).
        iconRender={(icon, { index, item, components: { Icon } }) =>
          item.status === 'finish' || item.status === 'error' ? (
            icon
          ) : (
            <Icon>
              <span className="ant-steps-item-icon-number">{formatCount(index + 1)}</span>
            </Icon>
          )
        }
      />
      {step === 'username' && <UsernameStep loading={sendOtp.isPending} onSubmit={(name) => send(name, false)} />}
      {step === 'otp' && (
        <OtpStep
          maskedPhone={maskedPhone}
          secondsLeft={countdown.remaining}
          verifying={verifyOtp.isPending}
          resending={sendOtp.isPending}
          onResend={() => send(username, true)}
          onVerify={(code) =>
            verifyOtp.mutate(
              { username, otp: code },
              {
                onSuccess: () => {
                  setOtp(code);
                  setStep('password');
                },
              },
            )
          }
        />
      )}
      {step === 'password' && <PasswordStep form={passwordForm} loading={reset.isPending} onSubmit={submitPassword} />}
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to="/login">
          <ArrowLeftOutlined aria-hidden /> {t('forgot.backToSignIn')}
        </Link>
      </div>
    </AuthCard>
  );
}
