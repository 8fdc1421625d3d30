import { toBundle } from './bundle';

/** Every Bengali namespace, in one chunk, loaded only when Bengali is in use. */
export const bundle = toBundle(import.meta.glob('../../locales/bn/*.json', { eager: true, import: 'default' }));
