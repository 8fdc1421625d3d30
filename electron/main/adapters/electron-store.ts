import Store from 'electron-store';
import type { KeyValueStore } from '../services/ports';

/** A KeyValueStore in the app's userData folder (one JSON file per name). Keys are flat, dots included. */
export function createKeyValueStore(name: string): KeyValueStore {
  const store = new Store<Record<string, unknown>>({
    name,
    clearInvalidConfig: true,
    accessPropertiesByDotNotation: false,
  });
  return {
    get: (key) => store.get(key),
    set: (key, value) => store.set(key, value),
    delete: (key) => store.delete(key),
  };
}
