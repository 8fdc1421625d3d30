/** The coach-type filter offers the company's coach types from the lookup, before any search. */
import { act, fireEvent, screen, render, waitFor } from '@testing-library/react';
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

/**
 * Enter as a browser sends it: rc-select reads the legacy `which`, which user-event leaves out in jsdom, so the
 * events are fired by hand. Both are synchronous: nothing queued by the previous key has run yet.
 */
function pressEnter(target: HTMLElement) {
  const key = { key: 'Enter', code: 'Enter', keyCode: 13, which: 13 };
  fireEvent.keyDown(target, key);
  fireEvent.keyUp(target, key);
}

/** The panel with the two fixture cities, its search spied on, From's list open on "dha". */
async function renderPanel() {
  await initI18n('en');
  useSessionStore.setState({ token: 'tok', companyId: 1 });
  fakeHttp({
    'GET /api/lookup/agentCity/1': { status: 200, data: cities },
    'GET /api/lookup/agentRoute/1': { status: 200, data: [] },
    'GET /api/lookup/coachTypes/1': { status: 200, data: [] },
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
  // Found anew each time: the select may render a new input element as it opens and closes.
  const from = () => screen.getByRole('combobox', { name: 'From' });
  const to = () => screen.getByRole('combobox', { name: 'To' });
  await user.click(from());
  await user.keyboard('dha');
  await screen.findAllByTitle('Dhaka');
  return { user, onSearch, from, to };
}

/** Types into a city field until its list offers `city`. */
async function typeCity(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, typed: string, city: string) {
  await user.click(field);
  await user.keyboard(typed);
  await waitFor(() => expect(field).toHaveAttribute('aria-expanded', 'true'));
  await screen.findAllByTitle(city);
}

describe('Enter on the search form', { timeout: 60_000 }, () => {
  const dhakaToChattogram = expect.objectContaining({ by: 'route', originCityId: 1, destinationCityId: 2 });

  it('picks the highlighted city without searching, and a second Enter at once searches', async () => {
    const { user, onSearch, from, to } = await renderPanel();
    pressEnter(from());
    expect(onSearch).not.toHaveBeenCalled();
    await typeCity(user, to(), 'চট্ট', 'Chattogram');
    // rc-select closes its list a task after the pick: a quick agent's second Enter comes before that (fired here
    // with nothing run in between) and must search all the same.
    pressEnter(to());
    expect(onSearch).not.toHaveBeenCalled();
    expect(to()).toHaveAttribute('aria-expanded', 'true');
    pressEnter(to());
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch).toHaveBeenCalledWith(dhakaToChattogram);
  });

  it('lets a Tab at once after the picking Enter move on to the next field, From keeping its city', async () => {
    const { user, onSearch, from, to } = await renderPanel();
    pressEnter(from());
    expect(from()).toHaveAttribute('aria-expanded', 'true');
    // A quick agent's Tab, before rc-select closed the list (fired with nothing run in between). rc-select took it
    // for a second pick and prevented it, so the focus stayed in From and To's city was typed into From (a clean
    // clone's keyboard-only sale). Not prevented, the browser moves the focus on.
    const tab = { key: 'Tab', code: 'Tab', keyCode: 9, which: 9 };
    expect(fireEvent.keyDown(from(), tab)).toBe(true);
    fireEvent.keyUp(from(), tab);
    await typeCity(user, to(), 'চট্ট', 'Chattogram');
    pressEnter(to());
    pressEnter(to());
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch).toHaveBeenCalledWith(dhakaToChattogram);
  });

  it('searches on Enter in a select whose list has closed, and picks again once a key reopened it', async () => {
    const { user, onSearch, from, to } = await renderPanel();
    pressEnter(from());
    await waitFor(() => expect(from()).toHaveAttribute('aria-expanded', 'false'));
    await typeCity(user, to(), 'chat', 'Chattogram');
    pressEnter(to());
    await waitFor(() => expect(to()).toHaveAttribute('aria-expanded', 'false'));
    expect(onSearch).not.toHaveBeenCalled();
    // Typing opens the list again: this Enter picks (the same city) and does not search.
    await typeCity(user, to(), 'cha', 'Chattogram');
    pressEnter(to());
    expect(onSearch).not.toHaveBeenCalled();
    await waitFor(() => expect(to()).toHaveAttribute('aria-expanded', 'false'));
    pressEnter(to());
    await waitFor(() => expect(onSearch).toHaveBeenCalledTimes(1));
    expect(onSearch).toHaveBeenCalledWith(dhakaToChattogram);
  });
});

describe('search errors and the language', { timeout: 60_000 }, () => {
  afterEach(async () => {
    await i18n.changeLanguage('en');
  });

  it('says the errors shown again in the language the agent switches to', async () => {
    await initI18n('en');
    useSessionStore.setState({ token: 'tok', companyId: 1 });
    fakeHttp({
      'GET /api/lookup/agentCity/1': { status: 200, data: cities },
      'GET /api/lookup/agentRoute/1': { status: 200, data: [] },
      'GET /api/lookup/coachTypes/1': { status: 200, data: [] },
    });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    render(
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={client}>
          <SearchPanel companyId={1} searching={false} onSearch={vi.fn()} />
        </QueryClientProvider>
      </I18nextProvider>,
    );
    const user = userEvent.setup({ delay: null });
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(await screen.findByText('Choose where the passenger boards')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('bn'));
    expect(await screen.findByText('যাত্রী কোথা থেকে উঠবেন তা বাছাই করুন')).toBeInTheDocument();
    expect(screen.queryByText('Choose where the passenger boards')).toBeNull();
  });
});
