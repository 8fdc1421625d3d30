import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { setCompanyTime } from '../lib/format/company-time';
import { preloadEveryNamespace } from '../lib/i18n';
import { TEST_NOW, TEST_TIME_ZONE } from './fixtures';
import { installLeanStyleSheets } from './lean-styles';

// Route modules load lazily on first use; give them time in a cold test run on a busy machine.
configure({ asyncUtilTimeout: 15000 });

// antd measures layout and watches media queries; jsdom has neither.
class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (!('ResizeObserver' in window)) {
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: ResizeObserverStub });
}

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

// antd reads computed styles for scroll bars; jsdom does not implement pseudo elements.
const getComputedStyle = window.getComputedStyle.bind(window);
window.getComputedStyle = (element: Element) => getComputedStyle(element);

window.scrollTo = () => {};

installLeanStyleSheets();

// Tests render components outside their routes, which load their texts in the app: initI18n loads every namespace.
preloadEveryNamespace();

// Every test file and every test starts on the company's clock at TEST_NOW, as if the profile had just arrived.
const startTestClock = () => setCompanyTime({ timeZone: TEST_TIME_ZONE, serverTime: TEST_NOW });
startTestClock();
beforeEach(startTestClock);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
