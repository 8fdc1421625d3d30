import { describe, expect, it } from 'vitest';
import { keepObservableRules } from './lean-styles';

describe('keepObservableRules (test set-up)', () => {
  it('keeps display, visibility and pointer-events, inside media groups too, and drops the rest', () => {
    const css =
      '.a{color:red;display:none}.b{margin:0}@media (max-width:600px){.c{visibility:hidden;padding:1px}.d{top:0}}' +
      '@keyframes spin{from{display:block}to{opacity:0}}.e:hover{pointer-events:none}';
    expect(keepObservableRules(css)).toBe(
      '.a{display:none}@media (max-width:600px){.c{visibility:hidden}}.e:hover{pointer-events:none}',
    );
  });

  it('a hidden antd element stays hidden to role queries', () => {
    const style = document.createElement('style');
    style.innerHTML = '.x-hidden{display:none;color:blue}';
    document.head.appendChild(style);
    document.body.innerHTML = '<button class="x-hidden">Hidden</button><button>Shown</button>';
    expect(style.innerHTML).toBe('.x-hidden{display:none;color:blue}');
    expect(getComputedStyle(document.querySelector('.x-hidden')!).display).toBe('none');
    style.remove();
  });
});
