/**
 * Test-only: antd's injected style sheets, cut to the rules a test can observe.
 *
 * jsdom computes an element's style by matching every rule of every style sheet
 * against it and against each ancestor (for the inherited properties). antd
 * injects thousands of rules, so one `getComputedStyle` took tens of
 * milliseconds, and role queries and user-event clicks ask for it on every
 * candidate element: most of a portal test's time went there.
 *
 * jsdom lays nothing out, so a test can only observe whether an element is
 * shown (display, visibility) and whether it takes the pointer (pointer-events).
 * A style sheet keeps just those declarations; rules left empty, keyframes and
 * font faces go. Inline styles (`style=`) are untouched.
 */
const OBSERVABLE = /^\s*(display|visibility|pointer-events)\s*:/i;
const GROUPING = /^@(media|supports|layer|container)\b/i;

/** One level of `prelude{body}` blocks; nested groups are cut the same way. */
export function keepObservableRules(css: string): string {
  let kept = '';
  let at = 0;
  while (at < css.length) {
    const open = css.indexOf('{', at);
    if (open < 0) break;
    const prelude = css.slice(at, open).trim();
    let depth = 1;
    let close = open + 1;
    for (; close < css.length && depth > 0; close++) {
      if (css[close] === '{') depth++;
      else if (css[close] === '}') depth--;
    }
    const body = css.slice(open + 1, close - 1);
    at = close;
    if (GROUPING.test(prelude)) {
      const inner = keepObservableRules(body);
      if (inner) kept += `${prelude}{${inner}}`;
    } else if (!prelude.startsWith('@')) {
      const declarations = body.split(';').filter((declaration) => OBSERVABLE.test(declaration));
      if (declarations.length > 0) kept += `${prelude}{${declarations.join(';')}}`;
    }
  }
  return kept;
}

/**
 * antd (through @rc-component/util's dynamicCSS) writes each sheet with
 * `style.innerHTML = css` and later compares `innerHTML` with the css it wants:
 * the sheet parsed by jsdom is the cut one, while `innerHTML` reads back what
 * was written, so antd sees its own css and does not write it again.
 */
export function installLeanStyleSheets(): void {
  const innerHTML = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML');
  if (!innerHTML?.set || !innerHTML.get) return;
  const written = new WeakMap<Element, string>();
  Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
    configurable: true,
    get(this: HTMLStyleElement) {
      return written.get(this) ?? innerHTML.get!.call(this);
    },
    set(this: HTMLStyleElement, css: string) {
      written.set(this, css);
      innerHTML.set!.call(this, keepObservableRules(String(css)));
    },
  });
}
