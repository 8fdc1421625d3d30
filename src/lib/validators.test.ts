import { beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from './i18n';
import { confirmFailure, newPasswordFailure, requiredFailure, rules } from './validators';

describe('password rule', () => {
  it.each([
    ['Ab1!', 'PASSWORD_TOO_SHORT'],
    [`Ab1!${'x'.repeat(47)}`, 'PASSWORD_TOO_LONG'],
    ['abc1!def', 'PASSWORD_NEEDS_UPPERCASE'],
    ['ABC1!DEF', 'PASSWORD_NEEDS_LOWERCASE'],
    ['Abcd!efg', 'PASSWORD_NEEDS_DIGIT'],
    ['Abcd1efg', 'PASSWORD_NEEDS_SPECIAL'],
    ['Abc 1!def', 'PASSWORD_HAS_WHITESPACE'],
    ['', 'PASSWORD_REQUIRED'],
  ])('%j fails with %s', (password, failure) => {
    expect(newPasswordFailure(password)).toBe(failure);
  });

  it('accepts a password that meets every rule, at both length limits', () => {
    expect(newPasswordFailure('Agent@123')).toBeNull();
    expect(newPasswordFailure('Ab1!cd')).toBeNull();
    expect(newPasswordFailure(`Ab1!${'x'.repeat(46)}`)).toBeNull();
  });
});

describe('required and confirmation', () => {
  it('treats blank text as missing', () => {
    expect(requiredFailure('   ', 'USERNAME_REQUIRED')).toBe('USERNAME_REQUIRED');
    expect(requiredFailure(undefined, 'OTP_REQUIRED')).toBe('OTP_REQUIRED');
    expect(requiredFailure('agent', 'USERNAME_REQUIRED')).toBeNull();
  });

  it('asks for the confirmation, then for it to match', () => {
    expect(confirmFailure('Agent@123', '')).toBe('CONFIRM_PASSWORD_REQUIRED');
    expect(confirmFailure('Agent@123', 'Agent@124')).toBe('CONFIRM_PASSWORD_MISMATCH');
    expect(confirmFailure('Agent@123', 'Agent@123')).toBeNull();
  });
});

describe('antd form rules', () => {
  beforeAll(async () => {
    await initI18n('en');
  });

  const run = (rule: ReturnType<typeof rules.required>, value: unknown) => {
    const resolved = typeof rule === 'function' ? rule({ getFieldValue: () => 'Agent@123' } as never) : rule;
    return resolved.validator?.({} as never, value, () => undefined) as Promise<void>;
  };

  it('reject with the localised message of the failure', async () => {
    await expect(run(rules.required('PNR_REQUIRED'), '')).rejects.toThrow('Please enter the PNR');
    await expect(run(rules.newPassword(), 'short')).rejects.toThrow('Password must be at least 6 characters long');
    await expect(run(rules.confirms('newPassword'), 'Agent@999')).rejects.toThrow('The passwords do not match');
    await expect(run(rules.confirms('newPassword'), 'Agent@123')).resolves.toBeUndefined();
  });
});
