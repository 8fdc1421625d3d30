import type { Page } from '@playwright/test';

declare global {
  interface Window {
    __motionClasses?: string[];
  }
}

/**
 * A motion's running steps. With motion off rc-motion still passes through a
 * one-frame `*-prepare` step where a component measures itself (a dialog its
 * zoom origin, a list its alignment): that moves nothing and is not counted.
 */
const MOTION_CLASS = /\S+-(appear|enter|leave)-(start|active)\b/g;

/**
 * Starts recording every element of the page that takes a running motion
 * step (rc-motion's `*-appear`, `*-enter`, `*-leave` at `-start` or
 * `-active`) from now on; motionClasses()
 * answers what was seen. The portal turns antd's motion off, so a dialog or
 * a list is clickable the moment it is shown: this is what proves it.
 */
export async function recordMotion(page: Page): Promise<void> {
  await page.evaluate((source) => {
    const pattern = new RegExp(source, 'g');
    const seen: string[] = [];
    window.__motionClasses = seen;
    // The whole class list, so a failure names the component that moved.
    const note = (el: Element) => {
      const classes = el.getAttribute('class') ?? '';
      if (classes.match(pattern)) seen.push(classes);
    };
    new MutationObserver((mutations) => {
      for (const m of mutations) {
        if (m.type === 'attributes' && m.target instanceof Element) note(m.target);
        for (const node of m.addedNodes) {
          if (!(node instanceof Element)) continue;
          note(node);
          node.querySelectorAll('[class]').forEach(note);
        }
      }
    }).observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['class'] });
  }, MOTION_CLASS.source);
}

export async function motionClasses(page: Page): Promise<string[]> {
  return page.evaluate(() => window.__motionClasses ?? []);
}
