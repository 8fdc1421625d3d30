import type { CreateReservationRequest } from '@agent-portal/contract';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import { fakeHttp, type Handler } from '../../../test/fake-http';
import { soldReservation } from '../../../test/reservation-fixture';
import { resetApp } from '../../../test/render-app';
import { IdempotencyKeys } from '../../../lib/idempotency';
import { createReservation } from './create-reservation';

beforeAll(async () => {
  await initI18n('en');
});
afterEach(() => resetApp());

const sale = (name = 'Rahim'): CreateReservationRequest => ({
  companyId: 1,
  kind: 'SELL',
  tripId: 501,
  seats: ['A1', 'A2'],
  originStationId: 11,
  destinationStationId: 21,
  passenger: { phone: '01711000000', countryCode: 'BD', name },
});

/** Answers each call in turn: a string reply ('network-error', 'timeout') or a status. */
function replies(...answers: Parameters<typeof fakeHttp>[0][string][]) {
  let call = 0;
  const handler: Handler = () => {
    const answer = answers[Math.min(call, answers.length - 1)];
    call += 1;
    if (typeof answer === 'function' || answer === undefined) throw new Error('no canned answer');
    return answer;
  };
  return fakeHttp({ 'POST /api/reservation/createReservation': handler });
}

const keyOf = (request: { headers: { get: (name: string) => unknown } }) =>
  String(request.headers.get('idempotency-key'));

async function attempt(promise: Promise<unknown>) {
  try {
    await promise;
    return 'ok';
  } catch (error) {
    return (error as { reason: string }).reason;
  }
}

describe('createReservation idempotency', () => {
  it('retries a request whose answer was lost with the SAME key', async () => {
    const { requests } = replies('network-error', 'timeout', { status: 200, data: soldReservation() });
    const keys = new IdempotencyKeys();
    expect(await attempt(createReservation(sale(), keys))).toBe('SERVER_UNREACHABLE');
    expect(await attempt(createReservation(sale(), keys))).toBe('REQUEST_TIMEOUT');
    expect(await attempt(createReservation(sale(), keys))).toBe('ok');
    expect(requests).toHaveLength(3);
    const [first, second, third] = requests.map(keyOf);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    expect(third).toBe(first);
  });

  it('uses a new key for the next sale and for a changed request', async () => {
    const { requests } = replies({ status: 200, data: soldReservation() }, 'network-error', {
      status: 200,
      data: soldReservation(),
    });
    const keys = new IdempotencyKeys();
    await attempt(createReservation(sale(), keys));
    await attempt(createReservation(sale(), keys));
    // The agent corrected the name before retrying: a different request, a different key.
    await attempt(createReservation(sale('Rahim Uddin'), keys));
    const [firstSale, secondSale, corrected] = requests.map(keyOf);
    expect(secondSale).not.toBe(firstSale);
    expect(corrected).not.toBe(secondSale);
  });

  it('starts afresh after the server answered with a refusal', async () => {
    const { requests } = replies(
      { status: 409, data: { reason: 'SEAT_UNAVAILABLE', details: { seats: ['A1'] } } },
      { status: 200, data: soldReservation() },
    );
    const keys = new IdempotencyKeys();
    expect(await attempt(createReservation(sale(), keys))).toBe('SEAT_UNAVAILABLE');
    await attempt(createReservation(sale(), keys));
    expect(keyOf(requests[1]!)).not.toBe(keyOf(requests[0]!));
  });
});
