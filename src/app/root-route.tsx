import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useMatches } from 'react-router';
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
  useEffect(() => {
    document.title = titleKey ? t('common:documentTitle', { title: t(titleKey) }) : t('common:appTitle');
  }, [titleKey, t, i18n.language]);
  return null;
}

export function RootRoute() {
  return (
    <>
      <ScrollToTop />
      <DocumentTitle />
      <Outlet />
    </>
  );
}
