import { useMutation } from '@tanstack/react-query';
import { reservationApi, type RequestBody } from '@agent-portal/contract';
import { callApi } from '../../../lib/api/call-api';

export type CouponCheck = RequestBody<typeof reservationApi.checkDiscountCoupon>;

/** A refused coupon is toasted (callApi), like every API error. */
export const checkCoupon = (body: CouponCheck) => callApi(reservationApi.checkDiscountCoupon, { body });

export const useCheckCoupon = () => useMutation({ mutationFn: checkCoupon });
