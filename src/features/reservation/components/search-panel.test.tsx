/** The coach-type filter offers the company's coach types from the lookup, before any search. */
import { screen, render, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { i18n, initI18n } from '../../../lib/i18n';
import { useSessionStore } from '../../../stores/session-store';
import { fakeHttp } from '../../../test/fake-http';
import { cities } from '../test-support/trip-fixtures';
import { SearchPanel } from './search-panel';

afterEach(() => {
  useSessionStore.setState({ token: null, companyId: null });
});

describe('search panel coach types', { timeout: 60_000 }, () => {
  it('lists the lookup answer and sends the chosen type with the search', async () => {
    await initI18n('en');
    useSessionStore.setState({ token: 'tok', companyId: 1 });
    const http = fakeHttp({
      'GET /api/lookup/agentCity/1': { status: 200, data: cities },
      'GET /api/lookup/agentRoute/1': { status: 200, data: [] },
      'GET /api/lookup/coachTypes/1': {
        status: 200,
        data: [
          { id: 2, name: 'AC Business' },
          { id: 1, name: 'AC Sleeper' },
        ],
      },
    });
    const onSearch = vi.fn();
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <SearchPanel companyId={1} searching={false} onSearch={onSearch} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const user = userEvent.setup({ delay: null });
    await waitFor(() => expect(http.requests.some((r) => r.url === '/api/lookup/coachTypes/1')).toBe(true));
    await user.click(screen.getByRole('combobox', { name: 'Coach type' }));
    expect(await screen.findByTitle('AC Business')).toBeInTheDocument();
    await user.click(await screen.findByTitle('AC Sleeper'));
    await user.click(screen.getByRole('combobox', { name: 'From' }));
    await user.click((await screen.findAllByTitle(cities[0]!.name)).at(-1)!);
    await user.click(screen.getByRole('combobox', { name: 'To' }));
    await user.click((await screen.findAllByTitle(cities[1]!.name)).at(-1)!);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(onSearch).toHaveBeenCalledWith(expect.objectContaining({ by: 'route', coachType: 'AC Sleeper' })),
    );
  });
});
