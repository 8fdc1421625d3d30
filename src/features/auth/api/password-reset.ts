import { authCalls as authApi } from '../../../lib/contract';
import { useMutation } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

/** The three calls of the password reset. */
export const sendOtp = (username: string) => callApi(authApi.sendOtp, { body: { username } });

export const verifyOtp = (username: string, otp: string) => callApi(authApi.verifyOtp, { body: { username, otp } });

export const resetPassword = (body: { username: string; otp: string; newPassword: string; confirmPassword: string }) =>
  callApi(authApi.resetPassword, { body });

export const useSendOtp = () => useMutation({ mutationFn: sendOtp });
export const useVerifyOtp = () =>
  useMutation({ mutationFn: (v: { username: string; otp: string }) => verifyOtp(v.username, v.otp) });
export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
