import { authCalls as authApi } from '../../../lib/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { callApi } from '../../../lib/api/call-api';

export interface ChangePasswordValues {
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

export const changePassword = (body: ChangePasswordValues) => callApi(authApi.changePassword, { body });

/** A new password restarts its validity: the profile (and the expiry banner) must reload. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['profile'] }),
  });
}
