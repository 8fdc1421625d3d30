import { useEffect, useMemo, useRef } from 'react';
import { createShortcutRegistry, type ShortcutRegistry } from './registry';

export interface ShortcutSpec {
  id: string;
  keys: readonly string[];
  run: () => void;
  /** Off while e.g. a dialog owns the keyboard. */
  enabled?: boolean;
}

/**
 * Binds shortcuts to the window for as long as the caller is mounted.
 * Handlers are read through a ref, so re-renders never re-bind.
 */
export function useShortcuts(specs: readonly ShortcutSpec[]): ShortcutRegistry {
  const registry = useMemo(() => createShortcutRegistry(), []);
  const latest = useRef(specs);
  useEffect(() => {
    latest.current = specs;
  });
  const ids = specs.map((s) => `${s.id}:${s.keys.join(',')}`).join('|');
  useEffect(() => {
    const unregister = latest.current.map((spec) =>
      registry.register({
        id: spec.id,
        keys: spec.keys,
        run: () => {
          const current = latest.current.find((s) => s.id === spec.id);
          if (current && current.enabled !== false) current.run();
        },
      }),
    );
    return () => unregister.forEach((off) => off());
  }, [registry, ids]);
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      registry.handle(event);
    };
    // Capture: the browser's own Ctrl+P must not win over the ticket print.
    window.addEventListener('keydown', onKeyDown, true);
    return () => window.removeEventListener('keydown', onKeyDown, true);
  }, [registry]);
  return registry;
}
