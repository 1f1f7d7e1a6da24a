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
  const i18n = await createI18n('fi-FI');
  const tree = (shown: string) => (
    <I18nProvider i18n={i18n}>
      <SiteContext.Provider value={{ locale: 'fi-FI', basename: '' }}>
        <MemoryRouter>
          <RichText html={shown} />
        </MemoryRouter>
      </SiteContext.Provider>
    </I18nProvider>
  );
  const rendered = render(tree(html));
  return { ...rendered, renderAgain: (shown: string) => rendered.rerender(tree(shown)) };
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

  it('keeps its links (and the focus on one) when it renders again with the same text', async () => {
    const { container, renderAgain } = await renderIn('<p><a href="/polttoaineet">polttoaineista</a></p>');
    const link = screen.getByRole('link');
    link.focus();
    // Anything else in the element is kept too: the text's nodes are not written again.
    const added = document.createElement('span');
    container.querySelector('.rich-text')!.append(added);
    renderAgain('<p><a href="/polttoaineet">polttoaineista</a></p>');
    expect(screen.getByRole('link')).toBe(link);
    expect(document.activeElement).toBe(link);
    expect(added.isConnected).toBe(true);
    // Another text is written anew.
    renderAgain('<p><a href="/autopesu">autopesu</a></p>');
    expect(screen.getByRole('link').textContent).toBe('autopesu');
    expect(added.isConnected).toBe(false);
  });
});
