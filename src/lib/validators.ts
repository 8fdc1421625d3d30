import type { ClientReason, PasswordFailure } from '@agent-portal/contract';
import { passwordFailure } from './contract';
import type { Rule } from 'antd/es/form';
import { i18n } from './i18n';

/**
 * The forms' rules. The checks return reason codes (pure and
 * testable); the antd rules localise them through the errors namespace.
 */
export function requiredFailure(value: unknown, reason: ClientReason): ClientReason | null {
  if (value === undefined || value === null) return reason;
  if (typeof value === 'string' && value.trim() === '') return reason;
  return null;
}

export function confirmFailure(password: unknown, confirmation: unknown): ClientReason | null {
  if (requiredFailure(confirmation, 'CONFIRM_PASSWORD_REQUIRED')) return 'CONFIRM_PASSWORD_REQUIRED';
  return password === confirmation ? null : 'CONFIRM_PASSWORD_MISMATCH';
}

export function newPasswordFailure(value: unknown): ClientReason | PasswordFailure | null {
  if (typeof value !== 'string' || value === '') return 'PASSWORD_REQUIRED';
  return passwordFailure(value);
}

const message = (code: string) => i18n.t(code, { ns: 'errors' });

function fromCheck(check: (value: unknown) => string | null): Rule {
  return {
    validator: (_rule, value: unknown) => {
      const failure = check(value);
      return failure ? Promise.reject(new Error(message(failure))) : Promise.resolve();
    },
  };
}

export const rules = {
  required: (reason: ClientReason): Rule => fromCheck((value) => requiredFailure(value, reason)),
  newPassword: (): Rule => fromCheck(newPasswordFailure),
  /** Checks the confirmation against another field of the same form. */
  confirms:
    (field: string): Rule =>
    ({ getFieldValue }) => ({
      validator: (_rule, value: unknown) => {
        const failure = confirmFailure(getFieldValue(field), value);
        return failure ? Promise.reject(new Error(message(failure))) : Promise.resolve();
      },
    }),
};
