import { describe, expect, it, vi } from 'vitest';
import { printHtmlInBrowser } from './browser-print';

/** Catches the print frame as it is added, to watch its print() call. */
function watchFrames(onFrame: (frame: HTMLIFrameElement) => void): MutationObserver {
  const observer = new MutationObserver((records) => {
    for (const node of records.flatMap((r) => [...r.addedNodes])) if (node instanceof HTMLIFrameElement) onFrame(node);
  });
  observer.observe(document.body, { childList: true });
  return observer;
}

describe('printHtmlInBrowser', () => {
  it('prints the document from a hidden, script-less frame and removes it after printing', async () => {
    const frames: HTMLIFrameElement[] = [];
    const print = vi.fn();
    const observer = watchFrames((frame) => {
      frames.push(frame);
      if (!frame.contentWindow) return;
      frame.contentWindow.print = print;
      frame.contentWindow.focus = () => {};
    });
    await printHtmlInBrowser('<!doctype html><p>ticket</p>');
    observer.disconnect();

    expect(frames).toHaveLength(1);
    const [frame] = frames;
    expect(frame.getAttribute('sandbox')).toBe('allow-same-origin allow-modals');
    expect(frame.srcdoc).toBe('<!doctype html><p>ticket</p>');
    expect(frame.style.width).toBe('0px');
    expect(print).toHaveBeenCalledTimes(1);
    // The frame stays until the dialog is done with it.
    expect(frame.isConnected).toBe(true);
    frame.contentWindow?.dispatchEvent(new Event('afterprint'));
    expect(frame.isConnected).toBe(false);
  });

  it('removes the frame and fails when print() throws', async () => {
    const frames: HTMLIFrameElement[] = [];
    const observer = watchFrames((frame) => {
      frames.push(frame);
      if (!frame.contentWindow) return;
      frame.contentWindow.focus = () => {};
      frame.contentWindow.print = () => {
        throw new Error('blocked');
      };
    });
    await expect(printHtmlInBrowser('<p>x</p>')).rejects.toThrow('blocked');
    observer.disconnect();
    expect(frames[0].isConnected).toBe(false);
  });

  it('gives a roll an exact page of the roll width and the ticket height', async () => {
    let pageRule = '';
    const observer = watchFrames((frame) => {
      const view = frame.contentWindow;
      if (!view) return;
      view.focus = () => {};
      view.print = () => {
        const documentElement = frame.contentDocument?.documentElement;
        pageRule = [...(documentElement?.querySelectorAll('style') ?? [])].map((s) => s.textContent).join('');
      };
      // jsdom does no layout: pretend the ticket is 756 CSS px (200 mm) tall.
      frame.addEventListener('load', () => {
        const documentElement = frame.contentDocument?.documentElement;
        if (documentElement) Object.defineProperty(documentElement, 'scrollHeight', { value: 756 });
      });
    });
    await printHtmlInBrowser('<p>x</p>', { rollWidthMm: 80 });
    observer.disconnect();
    expect(pageRule).toBe('@page { size: 80mm 203mm; margin: 0; }');
  });
});
