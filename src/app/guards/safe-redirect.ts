/** Only portal paths are redirect targets, and never back to the public pages. */
export function safeRedirect(target: string | null): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//')) return null;
  const path = target.split(/[?#]/)[0] ?? '';
  if (path === '/login' || path === '/forgot-password') return null;
  return target;
}
