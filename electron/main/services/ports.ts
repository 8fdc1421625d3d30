/**
 * The small ports the shell's services depend on. Adapters in ../adapters
 * implement them with Electron, electron-store and node-machine-id; tests
 * implement them with plain objects.
 */

/** A persistent key-value store (electron-store in the app). */
export interface KeyValueStore {
  get(key: string): unknown;
  set(key: string, value: unknown): void;
  delete(key: string): void;
}

export interface Logger {
  info(message: string, details?: Record<string, unknown>): void;
  warn(message: string, details?: Record<string, unknown>): void;
  error(message: string, details?: Record<string, unknown>): void;
}

export const silentLogger: Logger = {
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

/** An in-memory KeyValueStore: the tests' store and the fallback when the disk store cannot open. */
export function memoryStore(initial: Record<string, unknown> = {}): KeyValueStore & { data: Record<string, unknown> } {
  const data: Record<string, unknown> = structuredClone(initial);
  return {
    data,
    get: (key) => (key in data ? structuredClone(data[key]) : undefined),
    set: (key, value) => {
      data[key] = structuredClone(value);
    },
    delete: (key) => {
      delete data[key];
    },
  };
}
