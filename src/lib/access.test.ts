import { describe, expect, it } from 'vitest';
import { can, homepageFor, permissionsOf, visibleEntries } from './access';
import { profileWith } from '../test/fixtures';

const granted = new Set(['AGENT_PRINT_TICKET', 'AGENT_DEPOSIT_REQUEST']);

describe('can', () => {
  it('opens a page without a rule to every signed-in user', () => {
    expect(can(new Set(), undefined)).toBe(true);
  });

  it('anyOf needs at least one of the permissions', () => {
    expect(can(granted, { anyOf: ['AGENT_VIEW_COMMISSIONS', 'AGENT_PRINT_TICKET'] })).toBe(true);
    expect(can(granted, { anyOf: ['AGENT_VIEW_COMMISSIONS', 'AGENT_VIEW_TRANSACTIONS'] })).toBe(false);
  });

  it('allOf needs every permission', () => {
    expect(can(granted, { allOf: ['AGENT_PRINT_TICKET', 'AGENT_DEPOSIT_REQUEST'] })).toBe(true);
    expect(can(granted, { allOf: ['AGENT_PRINT_TICKET', 'AGENT_VIEW_COMMISSIONS'] })).toBe(false);
  });

  it('reads permissions from every role of the profile', () => {
    const profile = profileWith(['AGENT_PRINT_TICKET']);
    profile.roles.push({ name: 'Second', permissions: [{ name: 'AGENT_VIEW_COMMISSIONS' }] });
    expect([...permissionsOf(profile)].sort()).toEqual(['AGENT_PRINT_TICKET', 'AGENT_VIEW_COMMISSIONS']);
    expect(permissionsOf(undefined).size).toBe(0);
  });
});

describe('menu and homepage', () => {
  const menu = [
    { path: '/deposit', access: { anyOf: ['AGENT_DEPOSIT_REQUEST'] } },
    { path: '/commission', access: { anyOf: ['AGENT_VIEW_COMMISSIONS'] } },
    { path: '/print-unprinted-ticket', access: { anyOf: ['AGENT_PRINT_TICKET'] } },
  ] as const;

  it('keeps only the entries the user may see, in order', () => {
    expect(visibleEntries(menu, granted).map((e) => e.path)).toEqual(['/deposit', '/print-unprinted-ticket']);
  });

  it('makes the first visible entry the homepage', () => {
    expect(homepageFor(profileWith(['AGENT_VIEW_COMMISSIONS', 'AGENT_PRINT_TICKET']), menu)).toBe('/commission');
  });

  it("prefers the profile's own homepage when the user may open it", () => {
    expect(
      homepageFor(
        profileWith(['AGENT_PRINT_TICKET', 'AGENT_DEPOSIT_REQUEST'], { homepage: '/print-unprinted-ticket' }),
        menu,
      ),
    ).toBe('/print-unprinted-ticket');
    expect(homepageFor(profileWith(['AGENT_DEPOSIT_REQUEST'], { homepage: '/commission' }), menu)).toBe('/deposit');
  });

  it('ignores a profile homepage that is not a route of the portal', () => {
    const profile = profileWith(['AGENT_VIEW_COMMISSIONS', 'AGENT_PRINT_TICKET'], { homepage: '/dashboard' });
    expect(homepageFor(profile, menu)).toBe('/commission');
    expect(homepageFor({ ...profile, homepage: '/no-such-page?tab=1' }, menu)).toBe('/commission');
    expect(homepageFor(profileWith([], { homepage: 'https://example.com/' }), menu)).toBe('/');
  });

  it('keeps a permitted homepage with a query string', () => {
    expect(homepageFor(profileWith(['AGENT_PRINT_TICKET'], { homepage: '/print-unprinted-ticket?page=2' }), menu)).toBe(
      '/print-unprinted-ticket?page=2',
    );
  });

  it('falls back to the default home when nothing is visible', () => {
    expect(homepageFor(profileWith([]), menu)).toBe('/');
  });
});
