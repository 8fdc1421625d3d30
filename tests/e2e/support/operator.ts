import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { E2E_NOW } from './clock';
import { E2E_DATABASE } from './env';

/** Runs the server's operator command line against the end-to-end database, on the server's clock. */
export function operator(...args: string[]): string {
  return execFileSync(process.execPath, ['--import', 'tsx', join('server', 'src', 'cli.ts'), ...args], {
    env: { ...process.env, APP_MODE: 'demo', DATABASE_URL: E2E_DATABASE, FIXED_NOW: E2E_NOW, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
}

/** The newest OTP the outbox holds for a user (one tab-separated message per line). */
export function latestOtp(username: string): string {
  const lines = operator('outbox', '--to', username).trim().split('\n').filter(Boolean);
  const text = lines.at(-1)?.split('\t').at(-1) ?? '';
  const otp = /\b(\d{6})\b/.exec(text)?.[1];
  if (!otp) throw new Error(`no OTP in the outbox for ${username}: ${lines.at(-1) ?? '(empty)'}`);
  return otp;
}
