import { I18nProvider } from '@lingui/react';
import type { I18n } from '@lingui/core';
import type { ReactNode } from 'react';
import { SiteContext, type SiteContextValue } from '@/ui/site-context';

/** Providers shared by the server render and the browser. */
export function AppProviders({ i18n, site, children }: { i18n: I18n; site: SiteContextValue; children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <SiteContext.Provider value={site}>{children}</SiteContext.Provider>
    </I18nProvider>
  );
}
