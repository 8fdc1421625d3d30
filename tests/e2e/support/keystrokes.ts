import type { Page } from '@playwright/test';

/**
 * The keyboard of a keyboard-only test, counting every key press: a named key
 * (Tab, Enter, Alt+1) is one, and typed text is one press per character, as
 * the agent's fingers make it. Tabs (Shift+Tab too) are also counted apart.
 */
export function countedKeyboard(page: Page) {
  const counts = { total: 0, tabs: 0 };
  return {
    counts,
    async press(key: string, times = 1): Promise<void> {
      for (let i = 0; i < times; i += 1) {
        await page.keyboard.press(key);
        counts.total += 1;
        if (key === 'Tab' || key === 'Shift+Tab') counts.tabs += 1;
      }
    },
    async type(text: string): Promise<void> {
      for (const character of text) {
        await page.keyboard.type(character);
        counts.total += 1;
      }
    },
    /** Counts every key and the Tabs from here on apart: the answer says how many were pressed since. */
    since(): () => { total: number; tabs: number } {
      const start = { ...counts };
      return () => ({ total: counts.total - start.total, tabs: counts.tabs - start.tabs });
    },
    /** Counts Tabs from here on apart: the answer says how many were pressed since. */
    tabsFrom(): () => number {
      const start = counts.tabs;
      return () => counts.tabs - start;
    },
  };
}
