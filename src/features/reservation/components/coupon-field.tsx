/**
 * The discount coupon: checked against the trip, boarding point and phone
 * before the preview, so the preview shows the discount the sale will give.
 * The server's reasons (unknown, expired, used up) are toasts (callApi); only
 * what is missing before the check (code, trip, phone) shows under the field.
 */
import { CloseOutlined, TagOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space, Tag } from 'antd';
import type { Coupon } from '@agent-portal/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format';
import { useCheckCoupon } from '../api/coupon';
import { useMoney } from '../hooks/use-display';

interface Props {
  /** Null while there is no trip and boarding point to check against. */
  target: { tripId: number; boardingId: number } | null;
  /** The passenger's phone as typed now, or null when not valid yet. */
  phone: () => string | null;
  coupon: Coupon | null;
  onChange: (coupon: Coupon | null) => void;
}

export function CouponField({ target, phone, coupon, onChange }: Props) {
  const { t } = useTranslation('reservation');
  const money = useMoney();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const check = useCheckCoupon();

  const run = () => {
    const couponCode = code.trim().toUpperCase();
    const passengerPhone = phone();
    setError(null);
    if (!couponCode) return setError(t('coupon.errors.codeRequired'));
    if (!target) return setError(t('coupon.errors.tripRequired'));
    if (!passengerPhone) return setError(t('coupon.errors.phoneRequired'));
    check.mutate(
      { couponCode, tripId: target.tripId, boardingId: target.boardingId, phone: passengerPhone },
      {
        onSuccess: (answer) => onChange(answer),
        onError: () => onChange(null),
      },
    );
  };

  const clear = () => {
    onChange(null);
    setCode('');
    setError(null);
  };

  return (
    // Its own vertical layout: the field sits under the passenger form, outside it.
    <Form layout="vertical" component={false}>
      <Form.Item
        label={t('coupon.label')}
        validateStatus={error ? 'error' : undefined}
        help={error ?? undefined}
        htmlFor="reservation-coupon"
      >
        {coupon ? (
          <Space wrap>
            <Tag color="green" icon={<TagOutlined />}>
              {coupon.type === 'PERCENT'
                ? t('coupon.appliedPercent', { code: coupon.couponCode, value: coupon.value })
                : t('coupon.appliedFixed', { code: coupon.couponCode, value: money(coupon.value) })}
            </Tag>
            <span>{t('coupon.validUntil', { date: formatDate(coupon.validUntil, 'date') })}</span>
            <Button size="small" icon={<CloseOutlined />} onClick={clear}>
              {t('coupon.remove')}
            </Button>
          </Space>
        ) : (
          <Space.Compact style={{ width: '100%' }}>
            <Input
              id="reservation-coupon"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              onPressEnter={(e) => {
                e.preventDefault();
                run();
              }}
              autoComplete="off"
              placeholder={t('coupon.placeholder')}
            />
            <Button onClick={run} loading={check.isPending}>
              {t('coupon.check')}
            </Button>
          </Space.Compact>
        )}
      </Form.Item>
    </Form>
  );
}
