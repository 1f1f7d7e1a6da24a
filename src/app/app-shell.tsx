import type { ReactNode } from 'react';
import { useNavigation } from 'react-router';
import { ConsentManager } from '../features/consent/consent-manager';
import { useT } from '../i18n/use-t';
import type { Layout } from '../shared/content-schema';
import type { HeadData } from '../shared/head';
import { Footer } from './footer';
import { Header } from './header';

/** The page-loading flag of spec §4: shown while a client navigation fetches its payload. */
function LoadingBar() {
  const t = useT();
  const navigation = useNavigation();
  const loading = navigation.state === 'loading';
  return (
    <div className={`loading-bar${loading ? ' is-loading' : ''}`} role="status" aria-live="polite">
      {loading ? <span className="visually-hidden">{t('page.loading')}</span> : null}
    </div>
  );
}

export function AppShell({
  layout,
  head,
  preview,
  children,
}: {
  layout: Layout | null;
  head: HeadData;
  preview: boolean;
  children: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <LoadingBar />
      {preview ? <p className="preview-banner">{t('page.preview')}</p> : null}
      <Header layout={layout} head={head} />
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <Footer layout={layout} />
      {/* Last in the document: the first-visit consent banner must not come before the skip link. */}
      <ConsentManager tagManagerId={layout?.tagManagerId} />
    </>
  );
}
