import { useEffect, useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { Link } from '@/ui/link';
import { InlineForm } from '@/ui/form/inline-form';
import { usePagePayload } from '@/ui/payload-context';
import { useSite } from '@/ui/site-context';
import type { I18n } from '@lingui/core';
import { useLingui } from '@lingui/react';
import type { Locale } from '#shared/locales';
import { SEARCH_FILTER_IDS } from '../message-ids';
import type { SearchResult, StationSearchHits } from '#shared/content-schema';
import { searchSite } from '../api/search-site';
import './site-search.css';

/** The answer for one query; while the query in the address differs, a search is under way. */
type Answer = { query: string; result: SearchResult } | { query: string; failed: true };
type SearchState =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'done'; result: SearchResult }
  | { status: 'error'; query: string };

function searchState(query: string, answer: Answer | undefined): SearchState {
  if (query === '') return { status: 'idle' };
  if (!answer || answer.query !== query) return { status: 'loading', query };
  return 'failed' in answer ? { status: 'error', query } : { status: 'done', result: answer.result };
}

/**
 * The siteSearch block: a GET form whose query lives in ?q=, so that it submits to the
 * same page without JavaScript and a result page can be linked to; in the browser the
 * results load from the search API whenever ?q= changes.
 */
export function SiteSearch() {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const [searchParams, setSearchParams] = useSearchParams();
  const query = (searchParams.get('q') ?? '').trim();
  const [draft, setDraft] = useState(query);
  const [draftFor, setDraftFor] = useState(query);
  // A document opened with ?q= comes with its results (search works without JavaScript).
  const rendered = usePagePayload()?.search;
  const [answer, setAnswer] = useState<Answer | undefined>(() =>
    rendered
      ? rendered.result
        ? { query: rendered.query, result: rendered.result }
        : { query: rendered.query, failed: true }
      : undefined,
  );
  const state = searchState(query, answer);

  // Back and forward change ?q= under the form: the field follows what the address says
  // (adjusted while rendering, https://react.dev/learn/you-might-not-need-an-effect).
  if (draftFor !== query) {
    setDraftFor(query);
    setDraft(query);
  }

  useEffect(() => {
    if (query === '' || answer?.query === query) return;
    const controller = new AbortController();
    searchSite(query, locale, controller.signal).then(
      (result) => setAnswer({ query, result }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        console.warn('Site search failed', error);
        setAnswer({ query, failed: true });
      },
    );
    return () => controller.abort();
  }, [query, locale, answer?.query]);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const next = draft.trim();
    setSearchParams(next === '' ? {} : { q: next });
  }

  return (
    <section className="site-search">
      <InlineForm
        role="search"
        method="get"
        className="site-search__form"
        onSubmit={onSubmit}
        label={i18n._('search.label')}
        submit={i18n._('search.submit')}
        primary
        input={{
          type: 'search',
          name: 'q',
          placeholder: i18n._('search.placeholder'),
          value: draft,
          onChange: (event) => setDraft(event.target.value),
          maxLength: 200,
          autoComplete: 'off',
        }}
      />
      <div className="site-search__results" aria-live="polite">
        <SearchResults state={state} />
      </div>
    </section>
  );
}

function SearchResults({ state }: { state: SearchState }) {
  const { i18n } = useLingui();
  switch (state.status) {
    case 'idle':
      return null;
    case 'loading':
      return <p className="site-search__status">{i18n._('search.loading')}</p>;
    case 'error':
      return (
        <p className="site-search__status site-search__status--error" role="alert">
          {i18n._('search.error')}
        </p>
      );
    case 'done': {
      const { hits, query, stations } = state.result;
      if (hits.length === 0 && !stations)
        return <p className="site-search__status">{i18n._('search.noResults', { query })}</p>;
      return (
        <>
          {stations ? <StationHits stations={stations} /> : null}
          {hits.length > 0 ? (
            <>
              <h2 className="site-search__count">{i18n._('search.resultCountPlural', { count: hits.length })}</h2>
              <ol className="site-search__list">
                {hits.map((hit) => (
                  <li key={hit.path} className="site-search__hit">
                    <Link to={hit.path} className="site-search__hit-title">
                      {hit.title}
                    </Link>
                    <p className="site-search__excerpt">{hit.excerpt}</p>
                  </li>
                ))}
              </ol>
            </>
          ) : null}
        </>
      );
    }
  }
}

/**
 * What the count counts, in words: the town and the filters the query asked for ("25
 * stations with EV charging in Helsinki"), never "all" stations of a filtered count.
 */
function stationCountText(i18n: I18n, locale: Locale, stations: StationSearchHits): string {
  const { total: count, town } = stations;
  if (stations.filters.length === 0) {
    return town ? i18n._('search.stations.inTown', { count, town }) : i18n._('search.stations.all', { count });
  }
  const filters = new Intl.ListFormat(locale, { type: 'conjunction' }).format(
    stations.filters.map((filter) => i18n._(SEARCH_FILTER_IDS[filter])),
  );
  return town
    ? i18n._('search.stations.inTownWithFilters', { count, town, filters })
    : i18n._('search.stations.withFilters', { count, filters });
}

/**
 * Stations the words name: the link to the locator filtered to them ("All 12 stations in
 * Tampere in the station locator") and the first few, each to its page.
 */
function StationHits({ stations }: { stations: StationSearchHits }) {
  const { i18n } = useLingui();
  const { locale } = useSite();
  const headingId = useId();
  return (
    <section className="site-search__stations" aria-labelledby={headingId}>
      <h2 id={headingId} className="site-search__count">
        {i18n._('search.stations.title')}
      </h2>
      <p className="site-search__locator-link">
        <Link to={stations.locatorPath}>{stationCountText(i18n, locale, stations)}</Link>
      </p>
      <ul className="site-search__station-list">
        {stations.hits.map((hit) => (
          <li key={hit.path}>
            <Link to={hit.path}>{hit.name}</Link>
            <span className="site-search__station-address">{hit.address}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
