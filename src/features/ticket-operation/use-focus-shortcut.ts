import { useEffect } from 'react';

/** F3 or Alt+P: counter agents jump to the PNR field from anywhere on the screen. */
export function isPnrShortcut(event: Pick<KeyboardEvent, 'key' | 'code' | 'altKey' | 'ctrlKey' | 'metaKey'>): boolean {
  if (event.key === 'F3' && !event.altKey && !event.ctrlKey && !event.metaKey) return true;
  return event.altKey && !event.ctrlKey && !event.metaKey && event.code === 'KeyP';
}

export function useFocusShortcut(focus: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isPnrShortcut(event)) return;
      // F3 would open the browser's find bar; Alt+P may type a character.
      event.preventDefault();
      focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [focus]);
}
