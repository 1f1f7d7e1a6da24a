/**
 * The built-in station map, drawn when Google Maps is not there: no key,
 * no network, no consent for it, or its script failed. Everything it needs ships with the
 * app (and is precached with this chunk): the outlines of Finland, Sweden and Norway
 * (Natural Earth, nordic-countries.json), stations clustered by spec §9's
 * rules (offline-map-model.ts), pan and pinch-zoom (d3-zoom), the visitor's
 * position when known.
 *
 * Accessibility: the outlines are an SVG picture; stations and clusters are buttons (a
 * station opens its card, a cluster zooms to its stations); zoom and "show all" are
 * buttons; with the map focused, arrow keys pan and + and − zoom; a polite status line
 * says what is drawn once the view settles. The list beside it stays the main way in.
 */
import { useEffect, useId, useMemo, useState } from 'react';
import { useLingui } from '@lingui/react';
import type { LatLng } from '../distance';
import {
  buildClusterIndex,
  clusterView,
  countryOutlines,
  initialView,
  LABEL_CHAR_PX,
  markersInView,
  neighbourOutlines,
  toWorld,
  townLabels,
  townsOf,
  type Box,
  type MapView,
  type OfflineMapStation,
  type OfflineMarkers,
} from '../offline-map-model';
import { OfflineMapMarker, type NameSide } from './offline-map-marker';
import { useOfflineMapView } from './use-offline-map-view';
import './offline-map.css';

const ANNOUNCE_DELAY_MS = 600;

export interface OfflineMapProps {
  stations: readonly OfflineMapStation[];
  onSelect?: ((id: string) => void) | undefined;
  singleZoom?: number | undefined;
  label: string;
  position?: LatLng | null | undefined;
  /** What the first view frames instead of all the stations (the visitor and the nearest ones). */
  fitTo?: readonly LatLng[] | null | undefined;
}

/** What is drawn, said once the view has settled (not on every frame of a pinch). */
function useSettledAnnouncement(summary: string): string {
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(summary), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [summary]);
  return announced;
}

/** The outlines of the three countries and their neighbours, in world coordinates moved by the view. */
function MapLand({ view }: { view: MapView | null }) {
  const countries = useMemo(() => countryOutlines(), []);
  const neighbours = useMemo(() => neighbourOutlines(), []);
  return (
    <svg className="offline-map__land" aria-hidden="true" focusable="false" width="100%" height="100%">
      {view ? (
        <g transform={`translate(${view.x} ${view.y}) scale(${view.k})`}>
          {neighbours.map((land) => (
            <path key={land.code} d={land.d} className="offline-map__neighbour" data-country={land.code} />
          ))}
          {countries.map((country) => (
            <path key={country.code} d={country.d} className="offline-map__country" data-country={country.code} />
          ))}
        </g>
      ) : null}
    </svg>
  );
}

/** Zoom in, zoom out and "show all": buttons for those who do not pinch or scroll. */
function MapControls({ onZoom, onShowAll }: { onZoom: (factor: number) => void; onShowAll: () => void }) {
  const { i18n } = useLingui();
  return (
    <div className="offline-map__controls">
      <button type="button" onClick={() => onZoom(2)}>
        <span aria-hidden="true">+</span>
        <span className="visually-hidden">{i18n._('stations.map.zoomIn')}</span>
      </button>
      <button type="button" onClick={() => onZoom(0.5)}>
        <span aria-hidden="true">−</span>
        <span className="visually-hidden">{i18n._('stations.map.zoomOut')}</span>
      </button>
      <button type="button" onClick={onShowAll}>
        {i18n._('stations.map.showAll')}
      </button>
    </div>
  );
}

/** Town names are part of the picture: the list and the markers name the stations. */
function MapTowns({ labels }: { labels: ReadonlyArray<{ name: string; x: number; y: number }> }) {
  return (
    <div className="offline-map__towns" aria-hidden="true">
      {labels.map((town) => (
        <span
          key={town.name}
          className="offline-map__town"
          style={{ transform: `translate(${town.x}px, ${town.y}px)` }}
          data-town={town.name}
        >
          {town.name}
        </span>
      ))}
    </div>
  );
}

/** A station page's station names, shown under their markers (offline-map.css): no town's name goes there. */
function namesUnder(drawn: OfflineMarkers | null): Box[] {
  return (drawn?.markers ?? []).flatMap((marker) => {
    if (marker.kind !== 'station') return [];
    const half = (marker.name.length * LABEL_CHAR_PX) / 2 + 8;
    return [{ x0: marker.x - half, x1: marker.x + half, y0: marker.y + 12, y1: marker.y + 40 }];
  });
}

/**
 * Where a station's name (shown on hover and focus) has room in the map: beside the marker
 * on its right, else on its left, else under it, centred (a long name near the middle of a
 * phone's map). The width is the label box's estimate.
 */
function nameSide(marker: OfflineMarkers['markers'][number], width: number): NameSide {
  if (marker.kind !== 'station') return 'right';
  const needed = 28 + marker.name.length * LABEL_CHAR_PX + 12;
  if (marker.x + needed <= width) return 'right';
  if (marker.x - needed >= 0) return 'left';
  return 'below';
}

export default function OfflineMap({ stations, onSelect, singleZoom = 14, label, position, fitTo }: OfflineMapProps) {
  const { i18n } = useLingui();
  const ids = { help: useId(), status: useId() };
  const { frame, size, view, moveTo, zoomBy, onKeyDown } = useOfflineMapView({ stations, singleZoom, position, fitTo });
  const index = useMemo(() => buildClusterIndex(stations), [stations]);
  const towns = useMemo(() => townsOf(stations), [stations]);
  const drawn = useMemo(() => (size && view ? markersInView(index, view, size) : null), [index, view, size]);
  const labels = useMemo(
    () => (size && view ? townLabels(towns, view, size, drawn?.markers, onSelect ? [] : namesUnder(drawn)) : []),
    [towns, view, size, drawn, onSelect],
  );
  const announced = useSettledAnnouncement(
    drawn
      ? i18n._('stations.map.offlineSummary', {
          count: stations.length,
          clusters: drawn.markers.filter((marker) => marker.kind === 'cluster').length,
          singles: drawn.markers.filter((marker) => marker.kind === 'station').length,
        })
      : '',
  );
  const here = position && view ? toWorld(position.lng, position.lat) : null;
  const zoomToCluster = (clusterId: number) => {
    if (!size) return;
    moveTo(clusterView(index, clusterId, size));
    // The button goes away with the new zoom; the map keeps the focus.
    frame.current?.focus();
  };

  return (
    <div className="offline-map">
      <MapControls onZoom={zoomBy} onShowAll={() => size && moveTo(initialView(stations, size, singleZoom))} />
      <div
        ref={frame}
        className="offline-map__frame station-map__canvas"
        role="group"
        aria-roledescription={i18n._('stations.map.offlineRole')}
        aria-label={label}
        aria-describedby={`${ids.help} ${ids.status}`}
        tabIndex={0}
        onKeyDown={onKeyDown}
        data-offline-map=""
        data-zoom={drawn?.zoom}
        data-mean-cluster-size={drawn?.meanClusterSize}
      >
        <MapLand view={view} />
        <MapTowns labels={labels} />
        {here && view ? (
          <span
            className="offline-map__position"
            style={{ transform: `translate(${here[0] * view.k + view.x}px, ${here[1] * view.k + view.y}px)` }}
            data-position=""
            aria-hidden="true"
          />
        ) : null}
        <ul className="offline-map__markers" aria-label={i18n._('stations.map.label')}>
          {drawn?.markers.map((marker) => (
            <OfflineMapMarker
              key={marker.key}
              marker={marker}
              onCluster={zoomToCluster}
              onSelect={onSelect}
              nameSide={size ? nameSide(marker, size.width) : 'right'}
            />
          ))}
        </ul>
      </div>
      <p id={ids.help} className="visually-hidden">
        {i18n._('stations.map.keyboardHelp')}
      </p>
      <p id={ids.status} className="offline-map__summary" role="status" aria-live="polite">
        {announced}
        {announced && here ? ` ${i18n._('stations.map.positionShown')}` : ''}
      </p>
    </div>
  );
}
