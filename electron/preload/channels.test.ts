import { describe, expect, it } from 'vitest';
import { IPC_CHANNELS } from '@agent-portal/contract';
import { PRELOAD_CHANNELS } from './channels';

describe('the preload bridge', () => {
  it('has exactly one method per IPC channel, on that channel', () => {
    const expected = Object.fromEntries(Object.entries(IPC_CHANNELS).map(([method, entry]) => [method, entry.channel]));
    expect(PRELOAD_CHANNELS).toEqual(expected);
  });
});
