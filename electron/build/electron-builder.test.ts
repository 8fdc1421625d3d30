import { readFileSync } from 'node:fs';
import path from 'node:path';
import Ajv from 'ajv';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
interface BuilderConfig {
  appId: string;
  productName: string;
  asar: boolean;
  directories: { output: string };
  files: string[];
  electronFuses: Record<string, boolean>;
  win: {
    target: unknown;
    icon: string;
    verifyUpdateCodeSignature?: boolean;
    signtoolOptions?: { publisherName?: string | string[] | null };
  };
  nsis: Record<string, unknown>;
  linux: { target: unknown; icon: string; category: string; maintainer: string };
  mac: { icon: string };
  publish: unknown;
}

const config = parse(readFileSync(path.join(root, 'electron-builder.yml'), 'utf8')) as BuilderConfig;
const schema = JSON.parse(readFileSync(path.join(root, 'node_modules/app-builder-lib/scheme.json'), 'utf8')) as object;
const validate = new Ajv({ allErrors: true, strict: false, allowUnionTypes: true }).compile(schema);

describe('electron-builder.yml', () => {
  it("is valid against electron-builder's own schema", () => {
    const valid = validate(config);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('(the schema check does bite: a misspelt option or a wrong type fails)', () => {
    expect(validate({ ...config, electronFuse: {} })).toBe(false);
    expect(validate({ ...config, nsis: { ...config.nsis, oneClick: 'no' } })).toBe(false);
  });

  it('names the app', () => {
    expect(config.appId).toBe('com.agentportal.desktop');
    expect(config.productName).toBe('Agent Portal');
    expect(config.asar).toBe(true);
    expect(config.directories.output).toBe('release');
  });

  it('sets the security fuses', () => {
    expect(config.electronFuses).toMatchObject({
      runAsNode: false,
      enableNodeOptionsEnvironmentVariable: false,
      enableNodeCliInspectArguments: false,
      enableEmbeddedAsarIntegrityValidation: true,
      onlyLoadAppFromAsar: true,
      enableCookieEncryption: true,
    });
  });

  it('builds a per-user x64 NSIS installer, an AppImage and a deb', () => {
    expect(config.win.target).toEqual([{ target: 'nsis', arch: ['x64'] }]);
    expect(config.nsis).toMatchObject({ oneClick: false, perMachine: false });
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.linux.category).toBe('Office');
    expect(config.linux.maintainer).toMatch(/.+ <.+@.+>/);
  });

  it('ships the portal and the shell, never the server or source maps', () => {
    expect(config.files).toEqual(
      expect.arrayContaining(['dist/**/*', 'dist-electron/**/*', 'package.json', '!dist-electron/**/*.map']),
    );
    expect(config.files.some((f) => /(^|\/)server\b/.test(f) && !f.startsWith('!'))).toBe(false);
  });

  it('keeps secrets out: signing from the environment, the update feed from an env var', () => {
    const text = readFileSync(path.join(root, 'electron-builder.yml'), 'utf8');
    expect(text).not.toMatch(/certificatePassword|certificateFile|CSC_KEY_PASSWORD\s*:/);
    expect(config.publish).toEqual({ provider: 'generic', url: '${env.AGENT_PORTAL_UPDATE_URL}', channel: 'latest' });
  });

  it('Windows updates install only when signed by the publisher: verification on, publisherName never null', () => {
    // electron-builder writes publisherName into app-update.yml (from the signing
    // certificate unless listed here) only while verifyUpdateCodeSignature is on;
    // publisherName: null would write none, and electron-updater 6 then installs unchecked.
    expect(config.win.verifyUpdateCodeSignature).toBe(true);
    expect(config.win.signtoolOptions?.publisherName).not.toBeNull();
    const names = config.win.signtoolOptions?.publisherName;
    if (names !== undefined)
      expect([names].flat().every((name) => typeof name === 'string' && name.trim() !== '')).toBe(true);
  });

  it('points at icons that exist', () => {
    for (const icon of [config.win.icon, config.linux.icon, config.mac.icon]) {
      expect(readFileSync(path.join(root, icon)).length).toBeGreaterThan(1000);
    }
    const png = readFileSync(path.join(root, 'resources/icon.png'));
    expect(png.readUInt32BE(16)).toBe(512);
    expect(png.readUInt32BE(20)).toBe(512);
  });
});
