/**
 * Where the map goes: Google's map once its script has loaded, else the built-in offline
 * map, with a line saying why Google's is not there: no key configured, the
 * visitor has not allowed Google Maps (with a button to allow it: consent first),
 * offline, or the script failed after its retries. While Google's script loads, the
 * offline map shows, so there is always a map. The list never depends on either.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useSnapshot } from 'valtio';
import { afterLoadAndIdle } from '@/ui/after-load-idle';
import { PartErrorBoundary } from '@/ui/part-error-boundary';
import { allowMaps, mapsConsentStore } from '@/ui/maps-consent';
import { useOnlineStatus } from '@/ui/use-online-status';
import { useLingui } from '@lingui/react';
import type { StationCountry } from '#shared/stations';
import type { LatLng } from '../distance';
import { loadMapsScript } from '../api/load-maps-script';
import { mapsApiKey } from '../maps-public-config';
import type { MapStation } from './station-map';
import { useShownOnScreen } from './use-shown-on-screen';

// Each map is a chunk of its own, loaded only on pages with a map: Google's
// (@react-google-maps/api, the clusterer) once its script has loaded, the offline one
// (d3, supercluster, the country outlines) otherwise. Both are precached by the worker.
const StationMap = lazy(() => import('./station-map'));
const loadOfflineMap = () => import('./offline-map');
const OfflineMap = lazy(loadOfflineMap);

/**
 * A map waits until it is shown (useShownOnScreen), but its code should not: a visitor
 * who goes offline before the service worker has stored it would have no map. It loads
 * when the page has settled (after the load event, a pause and an idle moment), off the
 * first visit's busy seconds (docs/performance.md).
 */
function usePreloadedOfflineMap(): void {
  useEffect(() => {
    let unmounted = false;
    void afterLoadAndIdle().then(() => {
      if (!unmounted) void loadOfflineMap().catch(() => undefined);
    });
    return () => {
      unmounted = true;
    };
  }, []);
}

type MapState = 'pending' | 'ready' | 'failed';

const noSubscription = () => () => {};

export interface MapPanelProps {
  stations: readonly MapStation[];
  language: string;
  region: StationCountry;
  onSelect?: (id: string) => void;
  /** Zoom when there is a single station (its page). */
  singleZoom?: number;
  label: string;
  /** The visitor's position, when known (the locator's "near me"); drawn on the offline map. */
  position?: LatLng | null;
  /** What the first view frames instead of all the stations (map-focus.ts); null: the stations. */
  fitTo?: readonly LatLng[] | null;
  /**
   * Where the map is: beside the locator's list, or on a station page, which has no list
   * (when no map can be drawn at all, its notice points to the address instead).
   */
  place?: 'locator' | 'stationPage';
}

/** Why Google's map is not shown (null: it is). */
type NoGoogleReason = 'no-key' | 'consent' | 'offline' | 'failed' | 'loading';

/**
 * The locator recomputes its results every minute (open now), which gives the map a new
 * array of the same stations; the maps would rebuild their clusters and fit their bounds
 * again, throwing away the visitor's pan and zoom. The same stations keep the same array.
 */
function useStableStations(stations: readonly MapStation[]): readonly MapStation[] {
  const signature = useMemo(
    () => stations.map((station) => `${station.id}@${station.lat},${station.lng}:${station.name}`).join('|'),
    [stations],
  );
  const [stable, setStable] = useState({ signature, stations });
  if (stable.signature !== signature) setStable({ signature, stations });
  return stable.signature === signature ? stable.stations : stations;
}

/**
 * Whether Google's map can show, and why not: the key is known only in the browser (the
 * server and the hydration render say "loading", `undefined`), and no request goes to
 * Google before the visitor allows Google Maps.
 */
function useGoogleMapsReason(language: string, region: StationCountry): NoGoogleReason | null | undefined {
  const online = useOnlineStatus();
  const key = useSyncExternalStore(noSubscription, mapsApiKey, () => undefined);
  const consent = useSnapshot(mapsConsentStore).state;
  const [state, setState] = useState<MapState>('pending');
  const started = useRef(false);

  useEffect(() => {
    if (!key || !online || consent !== 'granted' || started.current) return;
    started.current = true;
    loadMapsScript({ key, language, region }).then(
      () => setState('ready'),
      () => setState('failed'),
    );
  }, [key, online, consent, language, region]);

  if (key === undefined) return undefined;
  if (key === null) return 'no-key';
  if (consent === 'denied') return 'consent';
  if (!online) return 'offline';
  if (state === 'failed') return 'failed';
  return state === 'ready' && consent === 'granted' ? null : 'loading';
}

export function MapPanel(props: MapPanelProps) {
  const { i18n } = useLingui();
  const stations = useStableStations(props.stations);
  const reason = useGoogleMapsReason(props.language, props.region);
  const panel = useRef<HTMLDivElement>(null);
  // The locator's map when its column is displayed; a station page's when it comes near.
  const shown = useShownOnScreen(panel, props.place === 'stationPage' ? 'near' : 'displayed');
  usePreloadedOfflineMap();
  const loading = <p className="station-map__message">{i18n._('stations.map.loading')}</p>;

  if (reason === undefined) {
    return (
      <div ref={panel} className="station-map" data-map-state="loading">
        {loading}
      </div>
    );
  }

  // Until the panel is shown, the note says why the map is not Google's; the map waits.
  const offlineMap = shown ? (
    <PartErrorBoundary
      name="The map"
      fallback={
        <p className="station-map__message" role="status">
          {i18n._(props.place === 'stationPage' ? /*i18n*/ 'stations.page.map.failed' : /*i18n*/ 'stations.map.failed')}
        </p>
      }
    >
      <Suspense fallback={loading}>
        <OfflineMap
          stations={stations}
          onSelect={props.onSelect}
          singleZoom={props.singleZoom}
          label={props.label}
          position={props.position}
          fitTo={props.fitTo}
        />
      </Suspense>
    </PartErrorBoundary>
  ) : (
    loading
  );

  return (
    <div ref={panel} className="station-map" data-map-state={reason ?? 'ready'}>
      {reason ? (
        <>
          {offlineMap}
          <div className="station-map__note" role="status">
            {reason === 'loading' ? null : <p>{i18n._(NOTE[reason])}</p>}
            {reason === 'consent' ? (
              <button type="button" className="button station-map__allow" onClick={() => allowMaps()}>
                {i18n._('stations.map.allowGoogle')}
              </button>
            ) : null}
          </div>
        </>
      ) : shown ? (
        // A Google map that breaks (a Maps API change, a chunk that fails) falls back to the offline one.
        <PartErrorBoundary name="The map" fallback={offlineMap}>
          <Suspense fallback={loading}>
            <StationMap
              stations={stations}
              onSelect={props.onSelect}
              singleZoom={props.singleZoom}
              label={props.label}
              clusterLabel={(count) => i18n._('stations.map.cluster', { count })}
              fitTo={props.fitTo}
            />
          </Suspense>
        </PartErrorBoundary>
      ) : (
        loading
      )}
    </div>
  );
}

const NOTE: Record<Exclude<NoGoogleReason, 'loading'>, string> = {
  'no-key': /*i18n*/ 'stations.map.noKey',
  consent: /*i18n*/ 'stations.map.consent',
  offline: /*i18n*/ 'stations.map.offline',
  failed: /*i18n*/ 'stations.map.googleFailed',
};
