/**
 * Loads the locale's tag manager (spec §7 "a tag-manager script is loaded per locale"),
 * which the caller does only with analytics consent. The id comes from the layout and is
 * validated first (spec §5); an invalid id is never put into a script address.
 *
 * This does in code what Google's copy-paste snippet does inline (the CSP allows no inline
 * script): start window.dataLayer, then add the async script. Events reach the data layer
 * only through the analytics gate (src/ui/analytics-gate.ts), opened after this has run.
 */
import { tagManagerKind, tagManagerScriptUrl } from '#shared/tag-manager';

type DataLayerWindow = Window & { dataLayer?: unknown[]; gtag?: (...args: unknown[]) => void };

export type TagManagerLoad = 'loaded' | 'already-loaded' | 'invalid-id' | 'no-id';

let loadedId: string | null = null;

/** Whether this document has loaded a tag manager (it cannot be unloaded again). */
export function isTagManagerLoaded(): boolean {
  return loadedId !== null;
}

export function loadTagManager(
  id: string | undefined,
  { window: win, document: doc }: { window: DataLayerWindow; document: Document } = { window, document },
): TagManagerLoad {
  if (!id) return 'no-id';
  const src = tagManagerScriptUrl(id);
  if (!src) {
    console.warn(
      `Tag manager not loaded: "${id}" is not a valid id (GTM- or G- followed by upper-case letters or digits).`,
    );
    return 'invalid-id';
  }
  if (loadedId !== null) return 'already-loaded';

  // A fresh data layer: anything already in one was not put there through the analytics
  // gate (src/ui/analytics-gate.ts), so it may predate consent and must not reach the
  // tag manager. The gate writes its events after this.
  const dataLayer: unknown[] = [];
  win.dataLayer = dataLayer;
  // Google tags read only `arguments` objects from the data layer, not arrays, so gtag()
  // has to push its own `arguments`; this is Google's documented helper, as a function.
  win.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    dataLayer.push(arguments);
  };
  // The visitor agreed to analytics only: tell Google's consent mode that advertising
  // storage and personalisation stay off.
  win.gtag('consent', 'default', {
    analytics_storage: 'granted',
    ad_storage: 'denied',
    ad_user_data: 'denied',
    ad_personalization: 'denied',
  });
  if (tagManagerKind(id) === 'gtm') {
    dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
  } else {
    win.gtag('js', new Date());
    win.gtag('config', id);
  }

  const script = doc.createElement('script');
  script.async = true;
  script.src = src;
  script.dataset.tagManager = id;
  // A blocked or unreachable script (ad blocker, offline) must not break the page: the
  // data layer simply keeps filling without anyone reading it.
  doc.head.append(script);
  loadedId = id;
  return 'loaded';
}

/** For tests: forget that a tag manager was loaded. */
export function resetTagManagerForTests(): void {
  loadedId = null;
}
