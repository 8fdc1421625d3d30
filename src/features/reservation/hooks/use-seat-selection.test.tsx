import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, initI18n } from '../../../lib/i18n';
import { bindNotifications } from '../../../lib/notify/notifier';
import { captureNoticeTitles } from '../../../test/notices';
import { fakeHttp } from '../../../test/fake-http';
import { resetApp } from '../../../test/render-app';
import { draft } from '../state/draft-store';
import { useSeatSelection } from './use-seat-selection';

const segment = { tripId: 501, originStationId: 11, destinationStationId: 21 };

function wrapper({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      {children}
    </QueryClientProvider>
  );
}

beforeAll(async () => {
  await initI18n('en');
});

afterEach(async () => {
  resetApp();
  draft.reset();
  bindNotifications(null);
  await changeLanguage('en');
});

describe('a seat picked while the server is under maintenance', () => {
  it.each<['en' | 'bn', string]>([
    ['en', 'System is in under maintenance'],
    ['bn', 'সিস্টেম রক্ষণাবেক্ষণের কাজ চলছে'],
  ])(
    'shows the maintenance message (%s), not the operator text, and leaves the seat unpicked',
    async (language, text) => {
      await changeLanguage(language);
      const shown = captureNoticeTitles();
      fakeHttp({
        'POST /api/reservation/seatLock': {
          status: 503,
          data: { reason: 'SALES_RESTRICTED', message: 'Upgrade until 02:00' },
        },
      });
      const { result, unmount } = renderHook(() => useSeatSelection(segment), { wrapper });
      await act(async () => {
        await result.current.toggle('A1');
      });
      await waitFor(() => expect(shown).toEqual([text]));
      expect(draft.get().selected.has('A1')).toBe(false);
      unmount();
    },
  );
});
