import { toBundle } from './bundle';

/** Every English namespace, in one chunk (other features add their files to src/locales/en). */
export const bundle = toBundle(import.meta.glob('../../locales/en/*.json', { eager: true, import: 'default' }));
