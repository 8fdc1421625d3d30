import { cleanup, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { buildRoutes } from '../app/router';
import { onSessionExpired } from '../lib/api/api-config';
import { initI18n } from '../lib/i18n';
import { forgetVersions } from '../lib/live/live-cache';
import { queryClient } from '../lib/query-client';
import { handleSessionExpired } from '../lib/session';
import { useSessionStore } from '../stores/session-store';

/** Resets what one test may leave behind in module state. */
export function resetApp(): void {
  // Unmount first: a still-mounted app would react to the reset (and refill the cache).
  cleanup();
  queryClient.clear();
  // The trip versions the live stream's events reached (a test may apply one).
  forgetVersions();
  useSessionStore.setState({
    token: null,
    companyId: null,
    rememberMe: false,
    redirectUrl: null,
    invalidSession: false,
    sessionEndReason: null,
    passwordExpired: false,
    signedOut: false,
    user: null,
    deviceId: null,
    deviceType: null,
    uuid: null,
  });
}

/** The whole portal (providers, route table, guards, lazy pages) at a path, in memory. */
export async function renderApp(path: string, language: 'en' | 'bn' = 'en') {
  await initI18n(language);
  onSessionExpired(handleSessionExpired);
  const router = createMemoryRouter(buildRoutes(), { initialEntries: [path] });
  const view = render(
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...view, router };
}
