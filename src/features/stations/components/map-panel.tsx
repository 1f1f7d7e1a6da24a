/**
 * Where the map goes: Google's map once its script has loaded, else the built-in offline
 * map, with a line saying why Google's is not there: no key configured, the
 * visitor has not allowed Google Maps (with a button to allow it: consent first),
 * offline, or the script failed after its retries. While Google's script loads, the
 * offline map shows, so there is always a map. The list never depends on either.
 */
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useSnapshot } from 'valtio';
import { allowMaps, mapsConsentStore } from '@/ui/maps-consent';
import { useOnlineStatus } from '@/ui/use-online-status';
import { useLingui } from '@lingui/react';
import type { StationCountry } from '@/shared/stations';
import type { LatLng } from '../distance';
import { loadMapsScript } from '../api/load-maps-script';
import { mapsApiKey } from '../maps-public-config';
import type { MapStation } from './station-map';
import { useShownOnScreen } from './use-shown-on-screen';

// Each map is a chunk of its own, loaded only on pages with a map: Google's
// (@react-google-maps/api, the clusterer) once its script has loaded, the offline one
// (d3, supercluster, the country outlines) otherwise. Both are precached by the worker.
const StationMap = lazy(() => import('./station-map'));
const OfflineMap = lazy(() => import('./offline-map'));

type MapState = 'pending' | 'ready' | 'failed';

const noSubscription = () => () => {};

/** A map that breaks (a Maps API change, a chunk that fails) must not take the page with it. */
class MapErrorBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: unknown) {
    console.warn('The map failed', error);
  }

  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

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
  const shown = useShownOnScreen(panel);

  if (reason === undefined || !shown) {
    return (
      <div ref={panel} className="station-map" data-map-state="loading">
        <p className="station-map__message">{i18n._('stations.map.loading')}</p>
      </div>
    );
  }

  const offlineMap = (
    <MapErrorBoundary
      fallback={
        <p className="station-map__message" role="status">
          {i18n._(props.place === 'stationPage' ? /*i18n*/ 'stations.page.map.failed' : /*i18n*/ 'stations.map.failed')}
        </p>
      }
    >
      <Suspense fallback={<p className="station-map__message">{i18n._('stations.map.loading')}</p>}>
        <OfflineMap
          stations={stations}
          onSelect={props.onSelect}
          singleZoom={props.singleZoom}
          label={props.label}
          position={props.position}
          fitTo={props.fitTo}
        />
      </Suspense>
    </MapErrorBoundary>
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
      ) : (
        // A Google map that breaks (a Maps API change, a chunk that fails) falls back to the offline one.
        <MapErrorBoundary fallback={offlineMap}>
          <Suspense fallback={<p className="station-map__message">{i18n._('stations.map.loading')}</p>}>
            <StationMap
              stations={stations}
              onSelect={props.onSelect}
              singleZoom={props.singleZoom}
              label={props.label}
              clusterLabel={(count) => i18n._('stations.map.cluster', { count })}
              fitTo={props.fitTo}
            />
          </Suspense>
        </MapErrorBoundary>
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
