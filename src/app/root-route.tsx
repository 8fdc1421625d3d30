import { Suspense, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
import { PageSpinner } from '../components/page-spinner';
import { leafHandle } from './route-handle';

/** Every route change starts at the top of the page. */
function ScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
  return null;
}

/** 'Agent: {title}' with the localised title of the innermost route. */
function DocumentTitle() {
  const { t, i18n } = useTranslation();
  const titleKey = leafHandle(useMatches())?.titleKey;
  // In the same commit as the page it names (a passive effect ran later: on a busy machine a test, or a screen reader,
  // could meet the new page under the old title).
  useLayoutEffect(() => {
    document.title = titleKey ? t('common:documentTitle', { title: t(titleKey) }) : t('common:appTitle');
  }, [titleKey, t, i18n.language]);
  return null;
}

/**
 * Each route waits for its texts before it renders (router.tsx), so nothing
 * below should suspend; should a screen still ask react-i18next for a
 * namespace that is not there yet, it shows the spinner until it arrives
 * rather than keys.
 */
export function RootRoute() {
  return (
    <>
      <ScrollToTop />
      <DocumentTitle />
      <Suspense fallback={<PageSpinner />}>
        <Outlet />
      </Suspense>
    </>
  );
}
