import * as contract from '@agent-portal/contract';
import { describe, expect, it } from 'vitest';
import * as light from './contract';

/** The zod-free facade must say exactly what the contract says. */
describe('lib/contract', () => {
  it('has the contract permission lists and plan name', () => {
    expect(light.RESERVATION_PERMISSIONS).toEqual(contract.RESERVATION_PERMISSIONS);
    expect(light.TICKET_OPERATION_PERMISSIONS).toEqual(contract.TICKET_OPERATION_PERMISSIONS);
    expect(light.PREPAID_PLAN).toBe(contract.PREPAID_PLAN);
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
