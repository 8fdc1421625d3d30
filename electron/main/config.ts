import { originOf } from './security/origin';

/**
 * The shell's fixed configuration. What a counter may change at runtime
 * lives in services/settings; what the build decides lives here.
 */
export const PRODUCT_NAME = 'Agent Portal';

/**
 * https origins whose links open in the system browser (all else is
 * refused): AGENT_PORTAL_EXTERNAL_LINKS (comma separated) plus the agency
 * server itself when it speaks https.
 */
export function externalLinkAllowList(serverUrl: string, env: NodeJS.ProcessEnv = process.env): string[] {
  const fromEnv = (env.AGENT_PORTAL_EXTERNAL_LINKS ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry.startsWith('https://'))
    .map((entry) => originOf(entry))
    .filter((entry): entry is string => entry !== null);
  const server = serverUrl.startsWith('https://') ? originOf(serverUrl) : null;
  return [...new Set([...fromEnv, ...(server ? [server] : [])])];
}
