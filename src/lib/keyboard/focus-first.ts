import { useCallback, useRef, type RefObject } from 'react';

/**
 * F2 ("go to this screen's search") lands on the first field of a filter or
 * look-up form, whatever kind it is (a text box, a date picker, a select's
 * search box): the first enabled text-like control inside the form's element.
 */
const FIELD =
  'input:not([disabled]):not([type=hidden]):not([type=checkbox]):not([type=radio]), textarea:not([disabled])';

export function focusFirstField(root: HTMLElement | null | undefined): boolean {
  const field = root?.querySelector<HTMLElement>(FIELD);
  if (!field) return false;
  field.focus();
  if (field instanceof HTMLInputElement && typeof field.select === 'function') field.select();
  return true;
}

/**
 * A form's element, for focusFirstField: pass `ref` to antd's Form (whose
 * ref gives its <form> as nativeElement) and read `element.current`.
 */
export function useFormElement(): {
  element: RefObject<HTMLElement | null>;
  ref: (form: { nativeElement?: HTMLElement } | null) => void;
} {
  const element = useRef<HTMLElement | null>(null);
  const ref = useCallback((form: { nativeElement?: HTMLElement } | null) => {
    element.current = form?.nativeElement ?? null;
  }, []);
  return { element, ref };
}

/**
 * The same, once the screen has drawn its next state: antd's resetFields
 * mounts every field anew, so a field focused in the same keystroke is
 * replaced (and the focus lost) by the render the reset schedules.
 */
export function focusFirstFieldAfterRender(root: () => HTMLElement | null | undefined): void {
  window.setTimeout(() => focusFirstField(root()), 0);
}
