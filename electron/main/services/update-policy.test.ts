import { describe, expect, it } from 'vitest';
import { checkFeedUrl, planUpdates } from './update-policy';

const FEED = 'https://updates.agentportal.example/desktop/';
/** app-update.yml as electron-builder writes it for a signed Windows build. */
const signed = {
  provider: 'generic',
  url: FEED,
  channel: 'latest',
  updaterCacheDirName: 'agent-portal-updater',
  publisherName: ['Agent Portal Ltd'],
};

describe('update feed URL', () => {
  it('accepts https', () => {
    expect(checkFeedUrl(FEED)).toEqual({ ok: true, url: FEED });
    expect(checkFeedUrl('  https://updates.example/  ')).toEqual({ ok: true, url: 'https://updates.example/' });
  });

  it('accepts http only on this PC (a developer serving a release folder)', () => {
    for (const url of ['http://127.0.0.1:8080/release/', 'http://localhost:8080/', 'http://[::1]:9000/']) {
      expect(checkFeedUrl(url).ok, url).toBe(true);
    }
  });

  it('refuses http anywhere else, other schemes, credentials and junk, saying why', () => {
    for (const url of [
      'http://updates.agentportal.example/',
      'http://10.0.0.5/',
      'http://localhost.evil.example/',
      'ftp://updates.example/',
      'file:///C:/updates/',
      'javascript:alert(1)',
    ]) {
      const check = checkFeedUrl(url);
      expect(check.ok, url).toBe(false);
      expect(!check.ok && check.reason, url).toMatch(/must be https/);
    }
    expect(checkFeedUrl('https://user:secret@updates.example/')).toEqual({
      ok: false,
      reason: 'the feed URL carries credentials',
    });
    expect(checkFeedUrl('not a url')).toMatchObject({ ok: false, reason: expect.stringMatching(/not a URL/) });
    expect(checkFeedUrl(undefined)).toEqual({ ok: false, reason: 'no feed URL in app-update.yml' });
    expect(checkFeedUrl('${env.AGENT_PORTAL_UPDATE_URL}').ok).toBe(false);
  });
});

describe('update plan', () => {
  it('Windows, signed build with its publisher: installs', () => {
    expect(planUpdates(signed, 'win32')).toEqual({
      mode: 'install',
      feedUrl: FEED,
      publisherNames: ['Agent Portal Ltd'],
      reason: null,
    });
    expect(
      planUpdates({ ...signed, publisherName: 'CN=Agent Portal Ltd, O=Agent Portal Ltd, C=BD' }, 'win32')
        .publisherNames,
    ).toEqual(['CN=Agent Portal Ltd, O=Agent Portal Ltd, C=BD']);
  });

  it('Windows, unsigned build (no publisherName) or checks turned off: announces only', () => {
    for (const config of [
      { ...signed, publisherName: undefined },
      { ...signed, publisherName: [] },
      { ...signed, publisherName: [''] },
      { ...signed, publisherName: null },
    ]) {
      expect(planUpdates(config, 'win32')).toMatchObject({
        mode: 'notify',
        feedUrl: FEED,
        reason: expect.stringMatching(/not signed/),
      });
    }
    expect(planUpdates({ ...signed, verifyUpdateCodeSignature: false }, 'win32')).toMatchObject({
      mode: 'notify',
      reason: expect.stringMatching(/verifyUpdateCodeSignature: false/),
    });
  });

  it('Linux announces only: the feed checksum is no signature', () => {
    expect(planUpdates({ provider: 'generic', url: FEED }, 'linux')).toMatchObject({
      mode: 'notify',
      feedUrl: FEED,
      reason: expect.stringMatching(/Linux/),
    });
    expect(planUpdates(signed, 'darwin')).toMatchObject({ mode: 'notify' });
  });

  it('no check at all against a feed that is not https, on every platform', () => {
    for (const platform of ['win32', 'linux', 'darwin'] as const) {
      expect(planUpdates({ ...signed, url: 'http://updates.agentportal.example/' }, platform)).toMatchObject({
        mode: 'off',
        feedUrl: null,
        reason: expect.stringMatching(/must be https/),
      });
    }
  });

  it('no check without app-update.yml (development), with another provider or a broken file', () => {
    expect(planUpdates(null, 'win32')).toMatchObject({ mode: 'off', reason: expect.stringMatching(/development/) });
    expect(planUpdates({ ...signed, provider: 'github' }, 'win32')).toMatchObject({
      mode: 'off',
      reason: expect.stringMatching(/generic/),
    });
    expect(planUpdates('provider: generic', 'win32')).toMatchObject({ mode: 'off' });
    expect(planUpdates([signed], 'win32')).toMatchObject({ mode: 'off' });
  });
});
