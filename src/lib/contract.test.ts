import * as contract from '@agent-portal/contract';
import { describe, expect, it } from 'vitest';
import * as light from './contract';

/** The zod-free facade must say exactly what the contract says. */
describe('lib/contract', () => {
  it('has the contract permission lists and plan name', () => {
    expect(light.RESERVATION_PERMISSIONS).toEqual(contract.RESERVATION_PERMISSIONS);
    expect(light.TICKET_OPERATION_PERMISSIONS).toEqual(contract.TICKET_OPERATION_PERMISSIONS);
    expect(light.PREPAID_PLAN).toBe(contract.PREPAID_PLAN);
    expect(light.KNOWN_PLAN_NAMES).toEqual(contract.KNOWN_PLAN_NAMES);
  });

  it('addresses every auth and lookup call as the contract does', () => {
    for (const [table, calls] of [
      [contract.authApi, light.authCalls],
      [contract.lookupApi, light.lookupCalls],
    ] as const) {
      expect(Object.keys(calls).sort()).toEqual(Object.keys(table).sort());
      for (const [name, endpoint] of Object.entries(table)) {
        const call = (calls as Record<string, contract.Endpoint>)[name];
        expect({ method: call?.method, path: call?.path }).toEqual({ method: endpoint.method, path: endpoint.path });
      }
    }
  });
});

/** An agency server may define plans of its own: the contract keeps whatever plan code it sends. */
describe('contract plan', () => {
  const account = {
    companyId: 1,
    plan: { name: 'PREPAID', displayName: 'Prepaid' },
    balance: 500,
    bill: 0,
    creditLimit: null,
    currency: { code: 'BDT', symbol: '৳' },
  };

  it('accepts the two known plans', () => {
    for (const name of contract.KNOWN_PLAN_NAMES) expect(contract.planSchema.parse({ name, displayName: name }).name).toBe(name);
  });

  it("accepts an agency's own plan in the account and the profile answers", () => {
    const corporate = { name: 'CORPORATE_CREDIT', displayName: 'Corporate credit' };
    expect(contract.authApi.account.response.parse({ ...account, plan: corporate }).plan).toEqual(corporate);
    expect(contract.profileSchema.shape.plan.parse(corporate)).toEqual(corporate);
  });

  it('still wants a code and a display name', () => {
    expect(contract.planSchema.safeParse({ name: '', displayName: 'Nothing' }).success).toBe(false);
    expect(contract.planSchema.safeParse({ name: 'GOLD' }).success).toBe(false);
  });
});

/** One set of reservation status names: the screens' common:reservationStatus is the contract's. */
describe('reservation status names', () => {
  it('common:reservationStatus says exactly what the contract names, in English and Bengali', async () => {
    for (const language of ['en', 'bn'] as const) {
      const common = (await import(`../locales/${language}/common.json`)) as { default: { reservationStatus: Record<string, string> } };
      const named = Object.fromEntries(Object.entries(contract.RESERVATION_STATUS_NAMES).map(([status, names]) => [status, names[language]]));
      expect(common.default.reservationStatus).toEqual(named);
    }
  });
});

