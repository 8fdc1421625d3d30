import { describe, expect, it } from 'vitest';
import { IPC_CHANNELS } from '@agent-portal/contract';
import { silentLogger } from '../services/ports';
import { UpdateService, type UpdaterPort } from '../services/updater';
import { createIpcHandlers, type HandlerServices } from './handlers';

const FEED = 'https://updates.agentportal.example/desktop/';

function updaterPort(config: unknown): UpdaterPort {
  return {
    readPackagedConfig: async () => config,
    verifyRunningBuild: async () => null,
    configure: () => undefined,
    checkForUpdate: async () => '1.3.0',
    onEvent: () => undefined,
  };
}

function appInfoHandler(updates: UpdateService) {
  const unused = {} as never;
  const vault = { protection: async () => 'fixed-key' } as unknown as HandlerServices['vault'];
  const services: HandlerServices = {
    device: unused,
    vault,
    settings: unused,
    printing: unused,
    http: unused,
    updates,
    app: { version: '1.2.0', platform: 'win32' },
  };
  return createIpcHandlers(services).getAppInfo;
}

describe('getAppInfo', () => {
  it.each([
    ['install', { provider: 'generic', url: FEED, publisherName: ['Agent Portal Ltd'] }, '1.3.0', 'downloading'],
    ['notify', { provider: 'generic', url: FEED }, '1.3.0', 'available'],
    ['off', { provider: 'generic', url: 'http://updates.agentportal.example/desktop/' }, null, 'none'],
  ] as const)(
    'reports the update mode the policy decided (%s) and the state, inside the channel schema',
    async (updateMode, config, updateAvailable, updateState) => {
      const updates = new UpdateService(updaterPort(config), silentLogger, { platform: 'win32' });
      await updates.check();
      const answer = await appInfoHandler(updates)();
      expect(answer).toEqual({
        version: '1.2.0',
        platform: 'win32',
        updateAvailable,
        updateMode,
        updateState,
        sessionProtection: 'fixed-key',
      });
      expect(IPC_CHANNELS.getAppInfo.output.parse(answer)).toEqual(answer);
    },
  );
});
