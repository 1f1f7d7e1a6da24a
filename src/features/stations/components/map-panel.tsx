/**
 * Where the map goes: the map itself once the Maps script has loaded, or a message saying
 * why there is no map (no key configured, offline, the script failed). The list never
 * depends on it (issue 5: "the list alone when the map cannot load").
 */
import { Component, lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useOnlineStatus } from '../../../ui/use-online-status';
import { useT } from '../../../i18n/use-t';
import type { StationCountry } from '../../../shared/stations';
import { loadMapsScript } from '../maps/load-maps-script';
import { mapsApiKey } from '../maps/public-config';
import type { MapStation } from './station-map';

// The map code (@react-google-maps/api, the clusterer) is a chunk of its own, loaded only
// when the script has loaded.
const StationMap = lazy(() => import('./station-map'));

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
  /**
   * Where the map is: beside the locator's list (the notices point to the list) or on a
   * station page, which has no list (its notices point to the address and the locator).
   */
  place?: 'locator' | 'stationPage';
}

export function MapPanel(props: MapPanelProps) {
  const t = useT();
  const online = useOnlineStatus();
  // Known only in the browser; the server and the hydration render say "loading".
  const key = useSyncExternalStore(noSubscription, mapsApiKey, () => undefined);
  const [state, setState] = useState<MapState>('pending');
  const started = useRef(false);

  useEffect(() => {
    if (!key || !online || started.current) return;
    started.current = true;
    loadMapsScript({ key, language: props.language, region: props.region }).then(
      () => setState('ready'),
      () => setState('failed'),
    );
  }, [key, online, props.language, props.region]);

  // Why there is no map, if there is none (issue 5: the list alone says why).
  const reason: 'no-key' | 'failed' | 'offline' | 'loading' | null =
    key === null
      ? 'no-key'
      : state === 'failed'
        ? 'failed'
        : state === 'ready'
          ? null
          : !online
            ? 'offline'
            : 'loading';
  const notices = props.place === 'stationPage' ? 'stations.page.map' : 'stations.map';
  const message =
    reason === 'no-key'
      ? t(`${notices}.noKey`)
      : reason === 'failed'
        ? t(`${notices}.failed`)
        : reason === 'offline'
          ? t(`${notices}.offline`)
          : reason === 'loading'
            ? t('stations.map.loading')
            : null;

  return (
    <div className="station-map" data-map-state={reason ?? 'ready'}>
      {message ? (
        <p className="station-map__message" role="status">
          {message}
        </p>
      ) : (
        <MapErrorBoundary
          fallback={
            <p className="station-map__message" role="status">
              {t(`${notices}.failed`)}
            </p>
          }
        >
          <Suspense fallback={<p className="station-map__message">{t('stations.map.loading')}</p>}>
            <StationMap
              stations={props.stations}
              onSelect={props.onSelect}
              singleZoom={props.singleZoom}
              label={props.label}
              clusterLabel={(count) => t('stations.map.cluster', { count })}
            />
          </Suspense>
        </MapErrorBoundary>
      )}
    </div>
  );
}
