/**
 * The server's light links must render exactly what react-router's links render: the
 * browser hydrates the server's HTML with react-router's own `Link` and `NavLink`, so a
 * differing attribute would be a hydration mismatch. Generated links (plain paths and
 * everything that must fall back: queries, hashes, dot segments, double slashes, URLs,
 * relative paths, upper case, non-ASCII) under generated basenames and locations.
 */
import fc from 'fast-check';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Link as RouterLink, NavLink as RouterNavLink, StaticRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ServerLink, ServerNavLink } from './link';

const segment = fc.oneof(
  fc.constantFrom(
    'asemat',
    'yksityisille',
    'Tuotteet',
    'a-b_c~d',
    'x.y',
    '.',
    '..',
    '',
    'ä',
    'a b',
    '%20',
    'q?x=1',
    'h#top',
  ),
  fc.stringMatching(/^[\w~.-]{1,6}$/),
);
const to = fc.oneof(
  fc.array(segment, { maxLength: 4 }).map((parts) => `/${parts.join('/')}`),
  fc.array(segment, { maxLength: 4 }).map((parts) => `/${parts.join('/')}/`),
  fc.constantFrom(
    '/',
    '',
    '.',
    '..',
    'relative/path',
    '//evil.example/x',
    'https://www.st1.fi/asemat',
    'mailto:a@b.fi',
  ),
);
const basename = fc.constantFrom('/', '/fi-FI', '/en-EU', '/sv-SE/x');
const location = fc.array(segment, { maxLength: 3 }).map((parts) => `/${parts.join('/')}`);

/** `at` is the path below the basename, as the router's location gives it. */
function inRouter(at: string, base: string, element: ReactElement): string {
  return renderToStaticMarkup(
    <StaticRouter location={base === '/' ? at : `${base}${at}`} basename={base}>
      {element}
    </StaticRouter>,
  );
}

describe('the server links', () => {
  it('render the same markup as react-router Link', () => {
    fc.assert(
      fc.property(
        to,
        basename,
        location,
        fc.record({
          className: fc.option(fc.constantFrom('nav__link', ''), { nil: undefined }),
          target: fc.option(fc.constantFrom('_blank', '_self'), { nil: undefined }),
          discover: fc.option(fc.constantFrom('render', 'none') as fc.Arbitrary<'render' | 'none'>, { nil: undefined }),
          reloadDocument: fc.option(fc.boolean(), { nil: undefined }),
        }),
        (path, base, at, props) => {
          const expected = inRouter(
            at,
            base,
            <RouterLink to={path} {...props}>
              text
            </RouterLink>,
          );
          const actual = inRouter(
            at,
            base,
            <ServerLink to={path} {...props}>
              text
            </ServerLink>,
          );
          expect(actual).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('render the same markup as react-router NavLink, active and not', () => {
    fc.assert(
      fc.property(
        to,
        basename,
        location,
        fc.boolean(),
        fc.constantFrom<string | ((state: { isActive: boolean }) => string) | undefined>(
          'nav__link',
          '',
          undefined,
          ({ isActive }) => (isActive ? 'is-on' : 'is-off'),
        ),
        (path, base, at, end, className) => {
          const expected = inRouter(
            at,
            base,
            <RouterNavLink to={path} end={end} className={className}>
              text
            </RouterNavLink>,
          );
          const actual = inRouter(
            at,
            base,
            <ServerNavLink to={path} end={end} className={className}>
              text
            </ServerNavLink>,
          );
          expect(actual).toBe(expected);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('mark the current page on the server (a plain path under a basename)', () => {
    const html = inRouter(
      '/yksityisille/tuotteet',
      '/fi-FI',
      <>
        <ServerNavLink to="/yksityisille">Yksityisille</ServerNavLink>
        <ServerNavLink to="/yksityisille" end>
          Yksityisille
        </ServerNavLink>
      </>,
    );
    expect(html).toBe(
      '<a aria-current="page" class="active" href="/fi-FI/yksityisille" data-discover="true">Yksityisille</a>' +
        '<a class="" href="/fi-FI/yksityisille" data-discover="true">Yksityisille</a>',
    );
  });
});
