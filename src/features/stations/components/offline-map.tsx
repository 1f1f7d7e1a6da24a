/**
 * The built-in station map, drawn when Google Maps is not there: no key,
 * no network, no consent for it, or its script failed. Everything it needs ships with the
 * app (and is precached with this chunk): the outlines of Finland, Sweden and Norway
 * (Natural Earth, nordic-countries.json), stations clustered by the
 * rules (offline-map-model.ts), pan and pinch-zoom (d3-zoom), the visitor's
 * position when known.
 *
 * Accessibility: the outlines are an SVG picture; stations and clusters are buttons (a
 * station opens its card, a cluster zooms to its stations); zoom and "show all" are
 * buttons; with the map focused, arrow keys pan and + and − zoom; a polite status line
 * says what is drawn once the view settles. The list beside it stays the main way in.
 */
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type D3ZoomEvent, type ZoomBehavior } from 'd3-zoom';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useLingui } from '@lingui/react';
import type { LatLng } from '../distance';
import {
  buildClusterIndex,
  clusterView,
  countryOutlines,
  initialView,
  markersInView,
  MAX_VIEW_ZOOM,
  MIN_VIEW_ZOOM,
  nearView,
  neighbourOutlines,
  toWorld,
  townLabels,
  townsOf,
  type MapSize,
  type MapView,
  type OfflineMapStation,
} from '../offline-map-model';
import './offline-map.css';

const PAN_STEP_PX = 80;
const ANNOUNCE_DELAY_MS = 600;
/** Before the frame has been measured (and in tests without layout). */
const DEFAULT_SIZE: MapSize = { width: 640, height: 352 };

export interface OfflineMapProps {
  stations: readonly OfflineMapStation[];
  onSelect?: ((id: string) => void) | undefined;
  singleZoom?: number | undefined;
  label: string;
  position?: LatLng | null | undefined;
  /** What the first view frames instead of all the stations (the visitor and the nearest ones). */
  fitTo?: readonly LatLng[] | null | undefined;
}

function toTransform(view: MapView) {
  return zoomIdentity.translate(view.x, view.y).scale(view.k);
}

export default function OfflineMap({ stations, onSelect, singleZoom = 14, label, position, fitTo }: OfflineMapProps) {
  const { i18n } = useLingui();
  const ids = { help: useId(), status: useId() };
  const frame = useRef<HTMLDivElement>(null);
  const behaviour = useRef<ZoomBehavior<HTMLDivElement, unknown> | null>(null);
  const [size, setSize] = useState<MapSize | null>(null);
  const [view, setView] = useState<MapView | null>(null);
  const index = useMemo(() => buildClusterIndex(stations), [stations]);
  const countries = useMemo(() => countryOutlines(), []);
  const neighbours = useMemo(() => neighbourOutlines(), []);
  const towns = useMemo(() => townsOf(stations), [stations]);

  // The frame's size decides the fitted view and what is on screen.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const measure = () => {
      const width = element.clientWidth;
      const height = element.clientHeight;
      setSize((current) =>
        width > 0 && height > 0 && (current?.width !== width || current.height !== height)
          ? { width, height }
          : (current ?? DEFAULT_SIZE),
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);

  // Pan and pinch-zoom: d3-zoom owns the gestures and reports the transform.
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    const zoomBehaviour = zoom<HTMLDivElement, unknown>()
      .scaleExtent([2 ** MIN_VIEW_ZOOM, 2 ** MAX_VIEW_ZOOM])
      // A press on a marker or a control is a click, not the start of a pan.
      .filter((event: Event) => {
        const target = event.target as Element | null;
        if (event.type !== 'wheel' && target?.closest('button')) return false;
        return (!(event as MouseEvent).ctrlKey || event.type === 'wheel') && !(event as MouseEvent).button;
      })
      .on('zoom', (event: D3ZoomEvent<HTMLDivElement, unknown>) => {
        const { x, y, k } = event.transform;
        setView({ x, y, k });
      });
    select(element).call(zoomBehaviour).on('dblclick.zoom', null);
    behaviour.current = zoomBehaviour;
    return () => {
      select(element).on('.zoom', null);
      behaviour.current = null;
    };
  }, []);

  const moveTo = (next: MapView) => {
    const element = frame.current;
    if (element && behaviour.current) select(element).call(behaviour.current.transform, toTransform(next));
    else setView(next);
  };

  // A new list (a search, a filter), a new focus, a new size or a new position: fit the map
  // again — to the locator's focus (use-map-focus.ts) when it gives one, else after
  // "near me" to the position and the nearest stations, else to the stations.
  const positionKey = position ? `${position.lat},${position.lng}` : '';
  useEffect(() => {
    if (!size) return;
    const next =
      !fitTo && position ? nearView(position, stations, size) : initialView(stations, size, singleZoom, fitTo);
    const element = frame.current;
    if (element && behaviour.current) select(element).call(behaviour.current.transform, toTransform(next));
    else setView(next);
    // The position counts by value: the same fix again does not move the map.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [stations, size, singleZoom, fitTo, positionKey]);

  const drawn = useMemo(() => (size && view ? markersInView(index, view, size) : null), [index, view, size]);
  const labels = useMemo(() => (size && view ? townLabels(towns, view, size) : []), [towns, view, size]);

  // What is drawn, said once the view has settled (not on every frame of a pinch).
  const summary = drawn
    ? i18n._('stations.map.offlineSummary', {
        count: stations.length,
        clusters: drawn.markers.filter((marker) => marker.kind === 'cluster').length,
        singles: drawn.markers.filter((marker) => marker.kind === 'station').length,
      })
    : '';
  const [announced, setAnnounced] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(summary), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [summary]);

  const zoomBy = (factor: number) => {
    const element = frame.current;
    if (element && behaviour.current) select(element).call(behaviour.current.scaleBy, factor);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.target !== event.currentTarget || !view || !behaviour.current || !frame.current) return;
    const pans: Record<string, [number, number]> = {
      ArrowLeft: [PAN_STEP_PX, 0],
      ArrowRight: [-PAN_STEP_PX, 0],
      ArrowUp: [0, PAN_STEP_PX],
      ArrowDown: [0, -PAN_STEP_PX],
    };
    const pan = pans[event.key];
    if (pan) {
      select(frame.current).call(behaviour.current.translateBy, pan[0] / view.k, pan[1] / view.k);
    } else if (event.key === '+' || event.key === '=') {
      zoomBy(2);
    } else if (event.key === '-' || event.key === '_') {
      zoomBy(0.5);
    } else {
      return;
    }
    event.preventDefault();
  };

  const here = position && view ? toWorld(position.lng, position.lat) : null;

  return (
    <div className="offline-map">
      <div className="offline-map__controls">
        <button type="button" onClick={() => zoomBy(2)}>
          <span aria-hidden="true">+</span>
          <span className="visually-hidden">{i18n._('stations.map.zoomIn')}</span>
        </button>
        <button type="button" onClick={() => zoomBy(0.5)}>
          <span aria-hidden="true">−</span>
          <span className="visually-hidden">{i18n._('stations.map.zoomOut')}</span>
        </button>
        <button type="button" onClick={() => size && moveTo(initialView(stations, size, singleZoom))}>
          {i18n._('stations.map.showAll')}
        </button>
      </div>
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
        {/* Town names are part of the picture: the list and the markers name the stations. */}
        <div className="offline-map__towns" aria-hidden="true">
          {labels.map((label) => (
            <span
              key={label.name}
              className="offline-map__town"
              style={{ transform: `translate(${label.x}px, ${label.y}px)` }}
              data-town={label.name}
            >
              {label.name}
            </span>
          ))}
        </div>
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
            <li
              key={marker.key}
              className="offline-map__marker-slot"
              style={{ transform: `translate(${marker.x}px, ${marker.y}px)` }}
            >
              {marker.kind === 'cluster' ? (
                <button
                  type="button"
                  className={`offline-map__cluster offline-map__cluster--${marker.colour}`}
                  data-kind="cluster"
                  data-count={marker.count}
                  data-colour={marker.colour}
                  style={{
                    width: marker.diameter,
                    height: marker.diameter,
                    top: -marker.diameter / 2,
                    left: -marker.diameter / 2,
                  }}
                  aria-label={i18n._('stations.map.clusterZoom', { count: marker.count })}
                  onClick={() => {
                    if (!size) return;
                    moveTo(clusterView(index, marker.clusterId, size));
                    // The button goes away with the new zoom; the map keeps the focus.
                    frame.current?.focus();
                  }}
                >
                  {marker.count}
                </button>
              ) : onSelect ? (
                <button
                  type="button"
                  className="offline-map__station"
                  data-kind="marker"
                  data-station-id={marker.stationId}
                  aria-label={marker.name}
                  onClick={() => onSelect(marker.stationId)}
                >
                  {/* Its name on hover and focus (the accessible name is the label above). */}
                  <span className="offline-map__station-name" aria-hidden="true">
                    {marker.name}
                  </span>
                </button>
              ) : (
                <span
                  className="offline-map__station offline-map__station--named"
                  role="img"
                  data-kind="marker"
                  data-station-id={marker.stationId}
                  aria-label={marker.name}
                >
                  <span className="offline-map__station-name" aria-hidden="true">
                    {marker.name}
                  </span>
                </span>
              )}
            </li>
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
