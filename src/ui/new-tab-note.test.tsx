// @vitest-environment happy-dom
/**
 * Links that open a new tab say so in their name (WCAG technique G201), one way for all:
 * a CMS link, a link in CMS rich text (rich-text.test.tsx), the station page's directions,
 * the footer's social links. Before, only the directions did; a CMS link to another site
 * opened a tab without a word.
 */
import type { I18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { preloadCatalogs } from '@/i18n/catalogs';
import type { CmsLink } from '#shared/content-schema';
import type { Locale } from '#shared/locales';
import { CmsLinkView } from './cms-link-view';
import { withNewTabNotes } from './new-tab-note';
import { SiteContext } from './site-context';

let catalogs: Record<Locale, I18n>;
beforeAll(async () => {
  catalogs = await preloadCatalogs();
});
afterEach(cleanup);

function renderIn(locale: Locale, element: ReactNode) {
  return render(
    <I18nProvider i18n={catalogs[locale]}>
      <SiteContext.Provider value={{ locale, basename: '' }}>
        <MemoryRouter>{element}</MemoryRouter>
      </SiteContext.Provider>
    </I18nProvider>,
  );
}

const external: CmsLink = { title: 'Motiva', url: { type: 'external', url: 'https://www.motiva.fi/' } };

describe('a link that opens a new tab', () => {
  it.each([
    ['en-EU', 'Motiva (opens in a new tab)'],
    ['fi-FI', 'Motiva (avautuu uuteen välilehteen)'],
    ['sv-SE', 'Motiva (öppnas i en ny flik)'],
    ['no-NO', 'Motiva (åpnes i en ny fane)'],
  ] as const)('from the CMS says so in %s', (locale, name) => {
    renderIn(locale, <CmsLinkView link={external} />);
    const link = screen.getByRole('link');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.textContent).toBe(name);
  });

  it('says nothing when it opens in the same tab, or leads inside the site', () => {
    renderIn(
      'en-EU',
      <>
        <CmsLinkView link={{ ...external, openInNewTab: false }} />
        <CmsLinkView link={{ title: 'Fuels', url: { type: 'internal', contentType: 'standardPage', slug: 'fuels' } }} />
      </>,
    );
    expect(screen.getAllByRole('link').map((link) => link.textContent)).toEqual(['Motiva', 'Fuels']);
  });

  it('puts a translation into rich text as text, never as markup', () => {
    expect(withNewTabNotes('<a href="https://x.fi/" target="_blank">x</a>', 'a <b> & "c"')).toBe(
      '<a href="https://x.fi/" target="_blank">x<span class="visually-hidden"> (a &lt;b&gt; &amp; &quot;c&quot;)</span></a>',
    );
  });
});
