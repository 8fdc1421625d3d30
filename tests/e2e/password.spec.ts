import { expect, test } from '@playwright/test';
import { latestOtp } from './support/operator';
import { DEMO, signIn, signOut } from './support/session';
import { toast } from './support/toast';

test('forgot password end to end with the OTP from the outbox, then change it back', async ({ page }) => {
  const user = DEMO.postpaid;
  const temporary = 'Fresh#Pass2026';
  // The sign-in page fetches the reset page's code by itself while the agent reads it, so the
  // click below switches at once instead of leaving the sign-in form on screen, taking keystrokes.
  const resetPageCode = page.waitForResponse((response) => /forgot-password-page[^/]*\.js$/.test(response.url()));
  await page.goto('/login');
  expect((await resetPageCode).ok()).toBe(true);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page.getByRole('button', { name: 'Send OTP' })).toBeVisible();

  await page.getByLabel('Username').fill(user.username);
  await page.getByRole('button', { name: 'Send OTP' }).click();
  await expect(page.getByText(/You can resend the OTP in \d+ s/)).toBeVisible();

  await page.getByLabel('OTP').fill('000000');
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByText('Wrong OTP')).toBeVisible();

  await page.getByLabel('OTP').fill(latestOtp(user.username));
  await page.getByRole('button', { name: 'Verify OTP' }).click();

  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password').fill('short');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(/at least 6 characters/i).first()).toBeVisible();

  await page.getByLabel('New password', { exact: true }).fill(temporary);
  await page.getByLabel('Confirm password').fill(temporary + 'x');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText(/do not match|does not match/i).first()).toBeVisible();

  await page.getByLabel('Confirm password').fill(temporary);
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, { username: user.username, password: temporary });
  await page.goto('/change-password');
  await page.getByLabel('Current password').fill(temporary);
  await page.getByLabel('New password', { exact: true }).fill(user.password);
  await page.getByLabel('Confirm new password').fill(user.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  await signOut(page);
  await signIn(page, user);
});

test('wrong credentials show the reason and keep the form', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByText('Please enter your username')).toBeVisible();
  await expect(page.getByText('Please enter your password')).toBeVisible();
  await page.getByLabel('Username').fill(DEMO.agent.username);
  await page.getByLabel('Password', { exact: true }).fill('Wrong@123');
  await page.getByRole('button', { name: 'Sign in' }).click();
  // The refusal is a toast, once; the form keeps only field errors.
  await expect(toast(page, 'Invalid Credentials')).toHaveCount(1);
  await expect(page.getByText('Invalid Credentials')).toHaveCount(1);
  await expect(page.getByLabel('Username')).toHaveValue(DEMO.agent.username);
});
