/**
 * The portal needs no browser permission (camera, notifications,
 * geolocation, ...): every request and check is refused. Printing does not
 * go through the web-printing permission; it goes through the shell.
 */
export function decidePermission(_permission: string): boolean {
  return false;
}
