/**
 * The maintenance banner's store against a server that offers only the specification's API (no GET
 * /api/maintenance): a SALES_RESTRICTED refusal turns it on with the server's message, a sale that goes through
 * turns it off; the server's own status, where there is one, is not undone by a refusal.
 */
import { accountApi, reservationApi } from '@agent-portal/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { fakeHttp } from '../../test/fake-http';
import { resetApp } from '../../test/render-app';
import { callApi } from '../api/call-api';
import { initI18n } from '../i18n';
import { showServerStatus, useMaintenanceStore } from './maintenance-store';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => {
  showServerStatus({ on: false });
  resetApp();
});

const sale = { companyId: 1 } as never;

describe('maintenance store fed by the calls themselves', () => {
  it('turns on with a SALES_RESTRICTED refusal and its message, and off when a sale goes through again', async () => {
    let open = false;
    fakeHttp({
      'POST /api/reservation/createReservation': () =>
        open
          ? { status: 200, data: {} }
          : { status: 503, data: { reason: 'SALES_RESTRICTED', message: 'Upgrade until 02:00' } },
    });
    await expect(callApi(reservationApi.createReservation, { body: sale, silent: true })).rejects.toThrow();
    expect(useMaintenanceStore.getState()).toMatchObject({ on: true, message: 'Upgrade until 02:00' });

    open = true;
    await callApi(reservationApi.createReservation, { body: sale, silent: true });
    expect(useMaintenanceStore.getState().on).toBe(false);
  });

  it('turns on without a message when the refusal carries none', async () => {
    fakeHttp({ 'POST /api/account/deposit': { status: 503, data: { reason: 'SALES_RESTRICTED' } } });
    await expect(callApi(accountApi.deposit, { body: sale, silent: true })).rejects.toThrow();
    expect(useMaintenanceStore.getState()).toMatchObject({ on: true, message: null });
  });

  it("keeps the server's status (with its Bengali message) over a refusal, and a sale does not clear it", async () => {
    showServerStatus({ on: true, message: 'Upgrade', messageBn: 'আপগ্রেড' });
    fakeHttp({
      'POST /api/reservation/createReservation': { status: 503, data: { reason: 'SALES_RESTRICTED' } },
      'POST /api/account/deposit': { status: 200, data: {} },
    });
    await expect(callApi(reservationApi.createReservation, { body: sale, silent: true })).rejects.toThrow();
    await callApi(accountApi.deposit, { body: sale, silent: true });
    expect(useMaintenanceStore.getState()).toMatchObject({ on: true, message: 'Upgrade', messageBn: 'আপগ্রেড' });
  });
});
