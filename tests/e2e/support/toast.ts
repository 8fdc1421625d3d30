import type { Locator, Page } from '@playwright/test';

/**
 * The toast (antd notification, bottom right) reading `text`: every API
 * error is shown as one, never inline. Expect it toHaveCount(1) to check
 * that a failure was shown once.
 */
export function toast(page: Page, text: string): Locator {
  return page.locator('.ant-notification-notice').filter({ hasText: text });
}
