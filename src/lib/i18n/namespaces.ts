/**
 * The namespaces every screen uses, loaded before the first render: the shared
 * words (common), the server's and the form checks' messages (errors) and the
 * screen titles of the document title and the drawer (menu). Every other
 * namespace loads with the route that uses it (the `texts` of its entry in
 * app/route-table.tsx). scripts/bundle-size.mjs reads this list.
 */
export const STARTUP_NAMESPACES: readonly string[] = ['common', 'errors', 'menu'];

/** The namespace of a key without a `namespace:` prefix. */
export const DEFAULT_NAMESPACE = 'common';
