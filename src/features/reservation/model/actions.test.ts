import type { Permission } from '@agent-portal/contract';
import { describe, expect, it } from 'vitest';
import { actionVisibility } from './actions';

const granted = (...permissions: Permission[]) => new Set<string>(permissions);

describe('reservation actions by permission', () => {
  it('shows every action to an agent with every reservation permission', () => {
    const all = actionVisibility(
      granted(
        'AGENT_CREATE_RESERVATION',
        'AGENT_CREATE_BOOKING',
        'AGENT_SELL_OPEN_TICKET',
        'AGENT_MIGRATE_TRIP',
        'AGENT_VIEW_PASSENGER',
        'AGENT_VIEW_EXTRA_WEIGHT_CHARGE',
      ),
    );
    expect(all).toEqual({
      sell: true,
      book: true,
      openTicket: true,
      migrate: true,
      passengers: true,
      extraWeight: true,
      pickSeats: true,
      ticketOperation: false,
    });
  });

  it.each([
    ['AGENT_CREATE_RESERVATION', 'sell'],
    ['AGENT_CREATE_BOOKING', 'book'],
    ['AGENT_SELL_OPEN_TICKET', 'openTicket'],
    ['AGENT_MIGRATE_TRIP', 'migrate'],
    ['AGENT_VIEW_PASSENGER', 'passengers'],
    ['AGENT_VIEW_EXTRA_WEIGHT_CHARGE', 'extraWeight'],
  ] as const)('%s alone shows %s only', (permission, action) => {
    const visible = actionVisibility(granted(permission));
    const shown = Object.entries(visible)
      .filter(([key, on]) => on && key !== 'pickSeats')
      .map(([key]) => key);
    expect(shown).toEqual([action]);
  });

  it('offers ticket operations to whoever holds one of its permissions, as its route does', () => {
    expect(actionVisibility(granted('AGENT_CANCEL_BOOKING')).ticketOperation).toBe(true);
    expect(actionVisibility(granted('AGENT_CONFIRM_LINKED')).ticketOperation).toBe(true);
    expect(actionVisibility(granted('AGENT_CREATE_RESERVATION', 'AGENT_VIEW_PASSENGER')).ticketOperation).toBe(false);
  });

  it('lets seats be picked only by someone who may sell, book or migrate', () => {
    expect(actionVisibility(granted('AGENT_SELL_OPEN_TICKET', 'AGENT_VIEW_PASSENGER')).pickSeats).toBe(false);
    expect(actionVisibility(granted('AGENT_CREATE_BOOKING')).pickSeats).toBe(true);
    expect(actionVisibility(granted('AGENT_MIGRATE_TRIP')).pickSeats).toBe(true);
  });

  it('shows nothing without permissions', () => {
    expect(Object.values(actionVisibility(granted())).some(Boolean)).toBe(false);
  });
});
