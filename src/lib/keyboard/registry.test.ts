import { afterEach, describe, expect, it, vi } from 'vitest';
import { comboOf, createShortcutRegistry } from './registry';

function press(target: EventTarget, init: KeyboardEventInit): KeyboardEvent {
  const event = new KeyboardEvent('keydown', { bubbles: true, cancelable: true, ...init });
  target.dispatchEvent(event);
  return event;
}

function setup() {
  const registry = createShortcutRegistry();
  const help = vi.fn();
  const sell = vi.fn();
  const print = vi.fn();
  const newSale = vi.fn();
  registry.register({ id: 'help', keys: ['Shift+Slash', 'F1'], run: help });
  registry.register({ id: 'sell', keys: ['F9', 'Ctrl+Enter'], run: sell });
  registry.register({ id: 'print', keys: ['Ctrl+KeyP'], run: print });
  registry.register({ id: 'new', keys: ['Alt+KeyN'], run: newSale });
  const listener = (event: Event) => registry.handle(event as KeyboardEvent);
  document.addEventListener('keydown', listener);
  const input = document.createElement('input');
  const textarea = document.createElement('textarea');
  const button = document.createElement('button');
  const checkbox = Object.assign(document.createElement('input'), { type: 'checkbox' });
  document.body.append(input, textarea, button, checkbox);
  return {
    registry,
    help,
    sell,
    print,
    newSale,
    input,
    textarea,
    button,
    checkbox,
    off: () => document.removeEventListener('keydown', listener),
  };
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('the shortcut registry', () => {
  it('names key combinations by the physical key, whatever the layout types', () => {
    const none = { ctrlKey: false, altKey: false, metaKey: false, shiftKey: false };
    expect(comboOf({ ...none, key: 'p', code: 'KeyP', ctrlKey: true })).toBe('Ctrl+KeyP');
    expect(comboOf({ ...none, key: '?', code: 'Slash', shiftKey: true })).toBe('Shift+Slash');
    expect(comboOf({ ...none, key: 'Enter', code: 'Enter', ctrlKey: true })).toBe('Ctrl+Enter');
    // Alt+N under a Bengali layout: the key is a Bengali letter, the code is still KeyN.
    expect(comboOf({ ...none, key: 'ন', code: 'KeyN', altKey: true })).toBe('Alt+KeyN');
    expect(comboOf({ ...none, key: '১', code: 'Digit1', altKey: true })).toBe('Alt+Digit1');
  });

  it('runs Alt+N typed under a Bengali layout', () => {
    const s = setup();
    press(s.button, { key: 'ন', code: 'KeyN', altKey: true });
    expect(s.newSale).toHaveBeenCalledTimes(1);
    s.off();
  });

  it('runs a shortcut pressed outside a text field and takes the key from the browser', () => {
    const s = setup();
    const event = press(s.button, { key: '?', code: 'Slash', shiftKey: true });
    expect(s.help).toHaveBeenCalledTimes(1);
    expect(event.defaultPrevented).toBe(true);
    press(s.checkbox, { key: 'n', code: 'KeyN', altKey: true });
    expect(s.newSale).toHaveBeenCalledTimes(1);
    s.off();
  });

  it('leaves typing keys to inputs and text areas', () => {
    const s = setup();
    const typed = press(s.input, { key: '?', code: 'Slash', shiftKey: true });
    press(s.textarea, { key: '?', code: 'Slash', shiftKey: true });
    press(s.input, { key: 'n', code: 'KeyN', altKey: true });
    expect(s.help).not.toHaveBeenCalled();
    expect(s.newSale).not.toHaveBeenCalled();
    expect(typed.defaultPrevented).toBe(false);
    s.off();
  });

  it('still runs function keys and Ctrl combinations from inside a text field', () => {
    const s = setup();
    press(s.input, { key: 'F9', code: 'F9' });
    press(s.textarea, { key: 'Enter', code: 'Enter', ctrlKey: true });
    const print = press(s.input, { key: 'p', code: 'KeyP', ctrlKey: true });
    press(s.input, { key: 'F1', code: 'F1' });
    expect(s.sell).toHaveBeenCalledTimes(2);
    expect(s.print).toHaveBeenCalledTimes(1);
    expect(print.defaultPrevented).toBe(true);
    expect(s.help).toHaveBeenCalledTimes(1);
    s.off();
  });

  it('ignores keys it does not know, and unregistered shortcuts', () => {
    const s = setup();
    const other = press(s.button, { key: 'x', code: 'KeyX' });
    expect(other.defaultPrevented).toBe(false);
    const off = s.registry.register({ id: 'sell', keys: ['F9'], run: s.sell });
    off();
    press(s.button, { key: 'F9', code: 'F9' });
    expect(s.sell).not.toHaveBeenCalled();
    s.off();
  });
});
