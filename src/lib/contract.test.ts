import * as contract from '@agent-portal/contract';
import { describe, expect, it } from 'vitest';

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
    for (const name of contract.KNOWN_PLAN_NAMES)
      expect(contract.planSchema.parse({ name, displayName: name }).name).toBe(name);
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
      const common = (await import(`../locales/${language}/common.json`)) as {
        default: { reservationStatus: Record<string, string> };
      };
      const named = Object.fromEntries(
        Object.entries(contract.RESERVATION_STATUS_NAMES).map(([status, names]) => [status, names[language]]),
      );
      expect(common.default.reservationStatus).toEqual(named);
    }
  });
});
