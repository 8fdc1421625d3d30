import { useMutation } from '@tanstack/react-query';
import { reservationApi, type RequestBody } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';

export type CouponCheck = RequestBody<typeof reservationApi.checkDiscountCoupon>;

/** Silent: the coupon field shows the reason under itself. */
export const checkCoupon = (body: CouponCheck) => callApi(reservationApi.checkDiscountCoupon, { body, silent: true });

export const useCheckCoupon = () => useMutation({ mutationFn: checkCoupon });
