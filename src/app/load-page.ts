import type { ComponentType } from 'react';
import type { PageLoader } from './route-table';

/** A code chunk that has not arrived after 120 s has failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

export function loadPage(loader: PageLoader, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): Promise<ComponentType> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`page chunk did not load within ${timeoutMs} ms`)), timeoutMs);
    loader().then(
      (component) => {
        clearTimeout(timer);
        resolve(component);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}
