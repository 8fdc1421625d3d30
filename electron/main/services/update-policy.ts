/**
 * What the updater may do with the feed electron-builder wrote into the
 * package (resources/app-update.yml), decided before the first check.
 *
 * - The feed must be https. An http feed lets anyone on the path see and
 *   change what the counter PC installs; it is allowed only on the PC's own
 *   loopback (127.0.0.1, ::1, localhost), where a developer serves a release
 *   folder to try the update flow. Anything else: no check at all.
 * - Windows: electron-updater's NsisUpdater installs only an installer whose
 *   Authenticode signature names a publisher listed in app-update.yml's
 *   publisherName. Without that list (an unsigned build: electron-builder
 *   takes it from the signing certificate) electron-updater 6 skips the check
 *   and would install anything the feed serves, so such a build, or one whose
 *   own executable is not signed by that publisher, only announces updates.
 * - Linux: the AppImage and deb updaters check only the sha512 in
 *   latest-linux.yml, which comes from the same feed as the file: whoever
 *   controls the feed controls both. Nothing signed apart from the feed is
 *   checked, so Linux only announces updates; the new package is installed
 *   by hand (or the distribution's tools).
 * - Other platforms (no installer is built for them) only announce updates.
 */

import type { UpdateMode } from '@agent-portal/contract';

/**
 * off: never check. notify: check and show the newer version. install: also
 * download it and install it on quit. The same values getAppInfo reports to
 * the portal (contract/src/ipc.ts), which words its update notice by them and
 * by the state (updater.ts): under install a version is ready to install on
 * quit only once electron-updater has downloaded it.
 */
export type { UpdateMode };

export interface UpdatePlan {
  mode: UpdateMode;
  /** The https (or loopback http) feed, when there is one to check. */
  feedUrl: string | null;
  /** Windows: the publishers an installer must be signed by (empty elsewhere). */
  publisherNames: string[];
  /** Why the mode is less than install (one log line), or null. */
  reason: string | null;
}

export type FeedCheck = { ok: true; url: string } | { ok: false; reason: string };

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An https URL, or http on this PC's loopback only. */
export function checkFeedUrl(raw: unknown): FeedCheck {
  if (typeof raw !== 'string' || raw.trim() === '') return { ok: false, reason: 'no feed URL in app-update.yml' };
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return { ok: false, reason: `the feed URL is not a URL: ${raw}` };
  }
  if (url.username || url.password) return { ok: false, reason: 'the feed URL carries credentials' };
  if (url.protocol === 'https:') return { ok: true, url: url.href };
  if (url.protocol === 'http:' && LOOPBACK_HOSTS.has(url.hostname)) return { ok: true, url: url.href };
  return {
    ok: false,
    reason: `the feed must be https (http only on this PC's loopback): ${url.protocol}//${url.host}`,
  };
}

function publisherNamesOf(value: unknown): string[] {
  const names = Array.isArray(value) ? value : value === undefined || value === null ? [] : [value];
  return names.filter((name): name is string => typeof name === 'string' && name.trim() !== '');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The plan from app-update.yml (parsed; null when the package has none, as in
 * development) and the platform. On Windows an install plan still needs the
 * running executable to be signed by one of publisherNames (see UpdateService).
 */
export function planUpdates(config: unknown, platform: NodeJS.Platform): UpdatePlan {
  const off = (reason: string): UpdatePlan => ({ mode: 'off', feedUrl: null, publisherNames: [], reason });
  if (config === null || config === undefined) return off('no app-update.yml in this build (development)');
  if (!isRecord(config)) return off('app-update.yml is not a mapping');
  if (config.provider !== 'generic') return off(`the feed provider must be generic, not ${String(config.provider)}`);
  const feed = checkFeedUrl(config.url);
  if (!feed.ok) return off(feed.reason);
  const notify = (reason: string): UpdatePlan => ({ mode: 'notify', feedUrl: feed.url, publisherNames: [], reason });

  if (platform === 'win32') {
    const publisherNames = publisherNamesOf(config.publisherName);
    if (config.verifyUpdateCodeSignature === false)
      return notify('signature checks of updates are turned off in this build (verifyUpdateCodeSignature: false)');
    if (publisherNames.length === 0)
      return notify(
        'this build is not signed (no publisherName in app-update.yml), so updates would install unchecked',
      );
    return { mode: 'install', feedUrl: feed.url, publisherNames, reason: null };
  }
  if (platform === 'linux')
    return notify(
      'Linux updates are checked only against the checksum the feed itself publishes, so they are announced and installed by hand',
    );
  return notify(`no reviewed installer for ${platform}: updates are announced only`);
}
