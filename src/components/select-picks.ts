/**
 * The keys that follow the Enter which picks from an antd select's open list, for every select of the portal.
 *
 * rc-select closes the list a task after the pick (a MessageChannel message), so an agent's next key can still find
 * aria-expanded="true". Two keys must not depend on that race:
 * - a Tab: rc-select takes a Tab in an open list for another pick (it picks the highlighted option again and
 *   prevents the Tab), so the focus stayed and what the agent typed next, To's city after From, went into this
 *   field. After a pick the Tab is the browser's: rc-select does not see it.
 * - a second Enter on a form that searches on Enter (enter-submits.ts): it searches, it does not pick again.
 * So the picking Enter leaves a mark on the select until its list has closed or another key is pressed there.
 *
 * Heard on the document in the capture phase: before React's handlers, rc-select's among them.
 */
const marks = new WeakMap<HTMLElement, MutationObserver>();
/** The Enters that pick from an open list (enter-submits.ts asks). */
const pickingEnters = new WeakSet<Event>();

/** The select's input when `target` is one (antd puts role="combobox" on it). */
export function selectInput(target: EventTarget | null): HTMLElement | null {
  if (!(target instanceof HTMLElement)) return null;
  return target.getAttribute('role') === 'combobox' && target.closest('.ant-select') !== null ? target : null;
}

function unmark(select: HTMLElement): void {
  marks.get(select)?.disconnect();
  marks.delete(select);
}

/** Marks a select whose open list this Enter picks from; the mark goes when aria-expanded turns false. */
function mark(select: HTMLElement): void {
  unmark(select);
  const observer = new MutationObserver(() => {
    if (select.getAttribute('aria-expanded') !== 'true') unmark(select);
  });
  observer.observe(select, { attributes: true, attributeFilter: ['aria-expanded'] });
  marks.set(select, observer);
}

function onKeyDown(event: KeyboardEvent): void {
  const select = selectInput(event.target);
  if (!select) return;
  if (event.key === 'Tab' && marks.has(select)) {
    unmark(select);
    event.stopPropagation();
    return;
  }
  if (isPlainEnter(event) && select.getAttribute('aria-expanded') === 'true' && !marks.has(select)) {
    mark(select);
    pickingEnters.add(event);
    return;
  }
  // Typing or an arrow: the list is the agent's again. An Enter on a closed list, or after a pick: not a pick.
  unmark(select);
}

/** Enter alone, not one that ends an input method's composition (a Bengali layout's). */
export function isPlainEnter(event: KeyboardEvent): boolean {
  const modified = event.altKey || event.ctrlKey || event.metaKey || event.shiftKey;
  return event.key === 'Enter' && !modified && !event.isComposing;
}

/** Whether this Enter picks from its select's open list (not a closed list's, nor the quick one after a pick). */
export function picksFromList(event: Event): boolean {
  return pickingEnters.has(event);
}

const installedOn = new WeakSet<Document>();

/** Listens on `doc` once (the portal's start; enter-submits.ts also asks, for its forms rendered alone in tests). */
export function installSelectPicks(doc: Document = document): void {
  if (installedOn.has(doc)) return;
  installedOn.add(doc);
  doc.addEventListener('keydown', onKeyDown, true);
}
