import { act, render, screen, waitFor } from '@testing-library/react';
import { Suspense } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import NotificationHost from './notification-host';
import { bindNotifications, notify } from '../lib/notify/notifier';
import { NOTIFICATION_CONFIG } from '../lib/notify/policy';

const notices = () => document.querySelectorAll('.ant-notification-notice');

async function mountHost() {
  render(
    <Suspense fallback={null}>
      <NotificationHost />
    </Suspense>,
  );
  // The host binds the instance in an effect; a notice raised before that waits in a queue.
  await act(async () => {});
}

afterEach(() => {
  bindNotifications(null);
});

describe('notification policy', () => {
  it('lasts 5 s, bottom right, with a progress bar, at most 3 at once', () => {
    expect(NOTIFICATION_CONFIG).toMatchObject({
      duration: 5,
      placement: 'bottomRight',
      showProgress: true,
      maxCount: 3,
    });
  });

  it('shows the same message once, however often it is raised', async () => {
    await mountHost();
    act(() => {
      notify('error', 'No internet connection');
      notify('error', 'No internet connection');
      notify('error', 'No internet connection');
    });
    await waitFor(() => expect(screen.getAllByText('No internet connection')).toHaveLength(1));
  });

  it('keeps no more than 3 on screen', async () => {
    await mountHost();
    act(() => {
      for (const text of ['one', 'two', 'three', 'four', 'five']) notify('info', text);
    });
    await waitFor(() => expect(screen.getByText('five')).toBeInTheDocument());
    expect(notices().length).toBeLessThanOrEqual(3);
    expect(screen.queryByText('one')).not.toBeInTheDocument();
  });

  it('shows notices raised before the host was ready', async () => {
    notify('success', 'Connection available now');
    await mountHost();
    await waitFor(() => expect(screen.getByText('Connection available now')).toBeInTheDocument());
    expect(document.querySelector('.ant-notification-bottomRight')).not.toBeNull();
  });
});
