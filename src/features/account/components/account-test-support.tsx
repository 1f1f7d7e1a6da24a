/**
 * Renders an account view as the browser does (happy-dom, Testing Library): the real
 * catalogs of a locale, the site context and a router whose other pages show their path,
 * so that a test sees where a view navigated. Used by the account component tests only.
 */
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { preloadCatalogs } from '@/i18n/catalogs';
import type { User } from '#shared/account-types';
import type { Locale } from '#shared/locales';
import { SiteContext } from '@/ui/site-context';

let catalogs: Promise<Record<Locale, I18n>> | undefined;

/** The i18n instance of a locale with every catalog (the server's, loaded once). */
export function i18nFor(locale: Locale): Promise<I18n> {
  catalogs ??= preloadCatalogs();
  return catalogs.then((all) => all[locale]);
}

function OtherPage() {
  const location = useLocation();
  return <p data-testid="other-page">{`${location.pathname}${location.search}`}</p>;
}

/** Renders `view` at `path` (the view's own page); any other path shows `other-page`. */
export async function renderAccountView(
  view: ReactNode,
  { locale = 'en-EU', path = '/account/page' }: { locale?: Locale; path?: string } = {},
): Promise<RenderResult> {
  const i18n = await i18nFor(locale);
  const pathname = path.split('?')[0] ?? path;
  return render(
    <I18nProvider i18n={i18n}>
      <SiteContext.Provider value={{ locale, basename: '' }}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path={pathname} element={view} />
            <Route path="*" element={<OtherPage />} />
          </Routes>
        </MemoryRouter>
      </SiteContext.Provider>
    </I18nProvider>,
  );
}

/** The English text of a message id, as the form shows it. */
export async function text(id: string, values?: Record<string, unknown>): Promise<string> {
  return (await i18nFor('en-EU'))._(id, values);
}

/** A logged-in customer with a Finnish number. */
export const TEST_USER: User = {
  firstname: 'Maija',
  lastname: 'Meikäläinen',
  email: 'maija@example.com',
  emailConfirmation: 'maija@example.com',
  phone: '+358401234567',
  telephonePrefix: 'FIN|358',
  telephoneNumber: '401234567',
  marketing: [],
  cards: [],
};

/** The control whose label is exactly the text of `id` (a required field's label ends in " *"). */
export async function control<T extends HTMLElement = HTMLInputElement>(id: string): Promise<T> {
  const label = (await text(id)).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return screen.getByLabelText(new RegExp(`^${label}( \\*)?$`)) as T;
}
