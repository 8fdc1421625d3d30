/**
 * The password rule (6 to 50 characters, no whitespace, at least one upper-
 * and one lower-case letter, a digit and a special character), shared so that the portal's form
 * and the server refuse exactly the same passwords, with the same codes.
 */
export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 50;

export const PASSWORD_FAILURES = [
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_NEEDS_UPPERCASE',
  'PASSWORD_NEEDS_LOWERCASE',
  'PASSWORD_NEEDS_DIGIT',
  'PASSWORD_NEEDS_SPECIAL',
  'PASSWORD_HAS_WHITESPACE',
] as const;
export type PasswordFailure = (typeof PASSWORD_FAILURES)[number];

/** The first rule the password breaks, or null when it is acceptable. */
export function passwordFailure(password: string): PasswordFailure | null {
  if (password.length < PASSWORD_MIN_LENGTH) return 'PASSWORD_TOO_SHORT';
  if (password.length > PASSWORD_MAX_LENGTH) return 'PASSWORD_TOO_LONG';
  if (/\s/.test(password)) return 'PASSWORD_HAS_WHITESPACE';
  if (!/[A-Z]/.test(password)) return 'PASSWORD_NEEDS_UPPERCASE';
  if (!/[a-z]/.test(password)) return 'PASSWORD_NEEDS_LOWERCASE';
  if (!/\d/.test(password)) return 'PASSWORD_NEEDS_DIGIT';
  // "Special" means a non-word character: not a letter, a digit or '_'.
  if (!/\W/.test(password)) return 'PASSWORD_NEEDS_SPECIAL';
  return null;
}
