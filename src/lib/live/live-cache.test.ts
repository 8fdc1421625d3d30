import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it } from 'vitest';
import { resetApp } from '../../test/render-app';
import { useSessionStore } from '../../stores/session-store';
import { consumeInvalidSession } from '../session/session';
import { forgetOwnSignOut, handleLiveEvent, noteOwnSignOut } from './live-cache';

const ended = (reason: string) => ({ event: 'session-ended', data: JSON.stringify({ reason }), id: null });

afterEach(() => {
  forgetOwnSignOut();
  resetApp();
});

describe("the stream's session-ended", () => {
  it.each(['EXPIRED', 'REVOKED', 'LOGGED_OUT'])(
    'signs this window out when the session ended elsewhere (%s), and the sign-in page says why',
    (reason) => {
      useSessionStore.setState({ token: 'tok-1' });
      handleLiveEvent(new QueryClient(), ended(reason));
      expect(useSessionStore.getState().token).toBeNull();
      expect(consumeInvalidSession()).toBe(`SESSION_${reason}`);
    },
  );

  it('says only "invalid session" for a reason this portal does not know', () => {
    useSessionStore.setState({ token: 'tok-1' });
    handleLiveEvent(new QueryClient(), ended('SOMETHING_NEW'));
    expect(consumeInvalidSession()).toBe('INVALID_SESSION');
  });

  it("stays quiet on this window's own log-out", () => {
    useSessionStore.setState({ token: 'tok-1' });
    noteOwnSignOut();
    handleLiveEvent(new QueryClient(), ended('LOGGED_OUT'));
    expect(useSessionStore.getState().token).toBe('tok-1');
    expect(consumeInvalidSession()).toBeNull();
  });
});
