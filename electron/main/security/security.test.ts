import { describe, expect, it } from 'vitest';
import { buildPortalCsp, TICKET_CSP } from './csp';
import { decideNavigation, decideWindowOpen, isAllowedExternal } from './navigation';
import { originOf } from './origin';
import { decidePermission } from './permissions';

describe('Content-Security-Policy', () => {
  it('lets the portal run only its own scripts and talk to itself and the configured server', () => {
    const csp = buildPortalCsp('http://127.0.0.1:3030');
    const directives = Object.fromEntries(
      csp.split('; ').map((d) => [d.split(' ')[0], d.split(' ').slice(1).join(' ')]),
    );
    expect(directives).toMatchObject({
      'default-src': "'self'",
      'script-src': "'self'",
      'style-src': "'self' 'unsafe-inline'",
      'img-src': "'self' data:",
      'font-src': "'self' data:",
      'connect-src': "'self' http://127.0.0.1:3030",
      'object-src': "'none'",
      'base-uri': "'none'",
      'frame-ancestors': "'none'",
    });
  });

  it('names only the server origin, never a path', () => {
    expect(buildPortalCsp('https://agency.example.org/base/')).toContain(
      "connect-src 'self' https://agency.example.org;",
    );
  });

  it('lets no script run in a printed ticket and fetch nothing', () => {
    expect(TICKET_CSP).toContain("default-src 'none'");
    expect(TICKET_CSP).toContain("script-src 'none'");
    expect(TICKET_CSP).toContain('font-src data:');
  });
});

describe('navigation guard', () => {
  const policy = { appOrigin: 'app://portal', externalAllowList: ['https://help.agentportal.org'] };

  it('stays on the app origin', () => {
    expect(decideNavigation('app://portal/report/sales-summary', policy)).toEqual({ action: 'allow' });
    expect(decideNavigation('app://portalx/index.html', policy)).toEqual({ action: 'deny' });
    expect(decideNavigation('file:///etc/passwd', policy)).toEqual({ action: 'deny' });
    expect(decideNavigation('http://127.0.0.1:3030/', policy)).toEqual({ action: 'deny' });
  });

  it('sends allow-listed https links to the system browser, nothing else', () => {
    expect(decideNavigation('https://help.agentportal.org/printing', policy)).toEqual({
      action: 'open-external',
      url: 'https://help.agentportal.org/printing',
    });
    expect(decideWindowOpen('https://help.agentportal.org/x', policy)).toMatchObject({ action: 'open-external' });
    expect(decideWindowOpen('http://help.agentportal.org/x', policy)).toEqual({ action: 'deny' });
    expect(decideWindowOpen('https://help.agentportal.org.evil.com/x', policy)).toEqual({ action: 'deny' });
    expect(decideWindowOpen('https://user:pw@help.agentportal.org/x', policy)).toEqual({ action: 'deny' });
    expect(decideWindowOpen('app://portal/index.html', policy)).toEqual({ action: 'deny' });
    expect(isAllowedExternal('javascript:alert(1)', policy.externalAllowList)).toBe(false);
    expect(isAllowedExternal('https://anything.org', ['http://anything.org'])).toBe(false);
  });

  it('spells custom-scheme origins (Node says "null")', () => {
    expect(originOf('app://portal/x?y')).toBe('app://portal');
    expect(originOf('http://localhost:5173/a')).toBe('http://localhost:5173');
    expect(originOf('not a url')).toBeNull();
  });
});

describe('permissions', () => {
  it('refuses every permission', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'web-printing',
      'unknown',
    ]) {
      expect(decidePermission(permission)).toBe(false);
    }
  });
});
