// @vitest-environment happy-dom
/** CMS rich text: a link the origin made open a new tab says so, as every such link does (src/ui/new-tab-note.tsx). */
import { I18nProvider } from '@lingui/react';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { createI18n } from '@/i18n/catalogs';
import { SiteContext } from '@/ui/site-context';
import { RichText } from './rich-text';

afterEach(cleanup);

async function renderIn(html: string) {
  return render(
    <I18nProvider i18n={await createI18n('fi-FI')}>
      <SiteContext.Provider value={{ locale: 'fi-FI', basename: '' }}>
        <MemoryRouter>
          <RichText html={html} />
        </MemoryRouter>
      </SiteContext.Provider>
    </I18nProvider>,
  );
}

describe('RichText', () => {
  it('says that an external link opens a new tab, and nothing of a link inside the site', async () => {
    await renderIn(
      '<p>Lue <a href="https://www.motiva.fi/" target="_blank" rel="noopener noreferrer">Motivan <strong>sivuilta</strong></a> ja <a href="/polttoaineet">polttoaineista</a>.</p>',
    );
    const [away, inside] = screen.getAllByRole('link');
    expect(away!.textContent).toBe('Motivan sivuilta (avautuu uuteen välilehteen)');
    expect(away!.lastElementChild!.className).toBe('visually-hidden');
    expect(inside!.textContent).toBe('polttoaineista');
  });
});
