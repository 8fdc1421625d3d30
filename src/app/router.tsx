import { createBrowserRouter, createHashRouter, Navigate, type RouteObject } from 'react-router';
import { PublicLayout } from '../components/layouts/public-layout';
import { usesHashRouting } from '../lib/app-location';
import { loadTexts } from '../lib/i18n';
import { GuestOnly } from './guards/guest-only';
import { RequireAuth } from './guards/require-auth';
import { loadPage } from './load-page';
import { ROUTE_TABLE, type PageLoader, type RouteEntry, type RouteScope } from './route-table';
import type { RouteHandle } from './route-handle';
import { RootRoute } from './root-route';
import { RouteErrorBoundary } from './route-error-boundary';
import { PageSpinner } from '../components/page-spinner';

const toNotFound = <Navigate to="/error/404" replace />;

/**
 * The page inside antd's configuration (AntdScope), which loads with it: the
 * entry holds no antd, so the sign-in route loads none.
 */
const withAntdScope =
  (page: PageLoader): PageLoader =>
  () =>
    Promise.all([import('./antd-scope'), page()]).then(([scope, Page]) => scope.withAntd(Page));

/**
 * Pages outside the signed-in shell bring antd's configuration along unless they use no antd; the shell brings it for
 * its pages.
 */
function pageOf(entry: RouteEntry): PageLoader {
  const outsideShell = entry.scope === 'guest' || entry.scope === 'public';
  return outsideShell && !entry.plain ? withAntdScope(entry.page) : entry.page;
}

/**
 * The page's chunk and its texts (its namespaces, in the language in use and
 * English) load side by side; the route renders once both are there, so its
 * first frame shows texts, not keys (the spinner shows meanwhile).
 */
const withTexts =
  (texts: readonly string[], page: PageLoader): PageLoader =>
  () =>
    Promise.all([page(), loadTexts(texts)]).then(([Page]) => Page);

function toRoute(entry: RouteEntry): RouteObject {
  const handle: RouteHandle = { titleKey: `menu:${entry.titleKey}`, access: entry.access };
  const route = { handle, lazy: { Component: () => loadPage(withTexts(entry.texts ?? [], pageOf(entry))) } };
  return entry.path === '/' ? { index: true, ...route } : { path: entry.path, ...route };
}

const routesOf = (scope: RouteScope) => ROUTE_TABLE.filter((r) => r.scope === scope).map(toRoute);

/** The route tree built from the table: public pages, then the signed-in shell and its report group. */
export function buildRoutes(): RouteObject[] {
  return [
    {
      Component: RootRoute,
      ErrorBoundary: RouteErrorBoundary,
      HydrateFallback: PageSpinner,
      children: [
        {
          Component: PublicLayout,
          children: [
            { Component: GuestOnly, children: routesOf('guest') },
            ...routesOf('public'),
            { path: '/error/*', element: toNotFound },
          ],
        },
        {
          Component: RequireAuth,
          children: [
            {
              // The portal shell is its own chunk, with antd's configuration, so the sign-in route never loads either.
              lazy: {
                Component: () =>
                  loadPage(withAntdScope(() => import('./routes/portal-shell').then((m) => m.PortalShell))),
              },
              children: [
                ...routesOf('main'),
                {
                  path: '/report',
                  lazy: { Component: () => loadPage(() => import('./routes/report-shell').then((m) => m.ReportShell)) },
                  children: [
                    ...routesOf('report'),
                    { index: true, element: toNotFound },
                    { path: '*', element: toNotFound },
                  ],
                },
                { path: '*', element: toNotFound },
              ],
            },
          ],
        },
      ],
    },
  ];
}

/** The shell loads the built page from file://, where only hash routing works. */
export function createAppRouter() {
  return usesHashRouting() ? createHashRouter(buildRoutes()) : createBrowserRouter(buildRoutes());
}
