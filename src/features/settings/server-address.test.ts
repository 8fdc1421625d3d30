import { describe, expect, it } from 'vitest';
import { checkServerAddress, sameServer } from './server-address';

describe('checkServerAddress', () => {
  it('accepts http(s) addresses, with or without a path, and drops the trailing slash', () => {
    expect(checkServerAddress(' https://tickets.example.com/ ')).toEqual({
      ok: true,
      url: 'https://tickets.example.com',
    });
    expect(checkServerAddress('http://10.0.0.5:3030')).toEqual({ ok: true, url: 'http://10.0.0.5:3030' });
    expect(checkServerAddress('https://Example.COM/agency//')).toEqual({ ok: true, url: 'https://example.com/agency' });
  });

  it('refuses what is not a server address', () => {
    expect(checkServerAddress('')).toEqual({ ok: false, problem: 'REQUIRED' });
    expect(checkServerAddress('   ')).toEqual({ ok: false, problem: 'REQUIRED' });
    expect(checkServerAddress('tickets.example.com')).toEqual({ ok: false, problem: 'INVALID' });
    expect(checkServerAddress('ftp://tickets.example.com')).toEqual({ ok: false, problem: 'PROTOCOL' });
    expect(checkServerAddress('javascript:alert(1)')).toEqual({ ok: false, problem: 'PROTOCOL' });
    expect(checkServerAddress('https://user:pw@example.com')).toEqual({ ok: false, problem: 'INVALID' });
    expect(checkServerAddress('https://example.com/?a=1')).toEqual({ ok: false, problem: 'INVALID' });
    expect(checkServerAddress('https://example.com/#x')).toEqual({ ok: false, problem: 'INVALID' });
    expect(checkServerAddress('https://exa mple.com')).toEqual({ ok: false, problem: 'INVALID' });
  });

  it('knows the same server however it was typed', () => {
    expect(sameServer('https://example.com/', 'https://EXAMPLE.com')).toBe(true);
    expect(sameServer('https://example.com', 'http://example.com')).toBe(false);
    expect(sameServer(null, 'http://example.com')).toBe(false);
  });
});
