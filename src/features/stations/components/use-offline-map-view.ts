/**
 * The offline map's view state: the frame's measured size, d3-zoom owning pan and
 * pinch-zoom and reporting the transform, the fitted first view, and the keyboard's pans
 * and zooms. OfflineMap (offline-map.tsx) only draws what these give it.
 */
import { select } from 'd3-selection';
import { zoom, zoomIdentity, type D3ZoomEvent, type ZoomBehavior } from 'd3-zoom';
import { useEffect, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import type { LatLng } from '../distance';
import {
  initialView,
  MAX_VIEW_ZOOM,
  MIN_VIEW_ZOOM,
  nearView,
  type MapSize,
  type MapView,
  type OfflineMapStation,
} from '../offline-map-model';

const PAN_STEP_PX = 80;
/** Before the frame has been measured (and in tests without layout). */
const DEFAULT_SIZE: MapSize = { width: 640, height: 352 };

function toTransform(view: MapView) {
  return zoomIdentity.translate(view.x, view.y).scale(view.k);
}

/** The frame's size decides the fitted view and what is on screen. */
function useFrameSize(frame: RefObject<HTMLDivElement | null>): MapSize | null {
  const [size, setSize] = useState<MapSize | null>(null);
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
  }, [frame]);
  return size;
}

/** Pan and pinch-zoom: d3-zoom owns the gestures and reports the transform. */
function useZoomBehaviour(
  frame: RefObject<HTMLDivElement | null>,
  setView: (view: MapView) => void,
): RefObject<ZoomBehavior<HTMLDivElement, unknown> | null> {
  const behaviour = useRef<ZoomBehavior<HTMLDivElement, unknown> | null>(null);
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
  }, [frame, setView]);
  return behaviour;
}

export interface OfflineMapViewOptions {
  stations: readonly OfflineMapStation[];
  singleZoom: number;
  position: LatLng | null | undefined;
  fitTo: readonly LatLng[] | null | undefined;
}

export function useOfflineMapView({ stations, singleZoom, position, fitTo }: OfflineMapViewOptions) {
  const frame = useRef<HTMLDivElement>(null);
  const [view, setView] = useState<MapView | null>(null);
  const size = useFrameSize(frame);
  const behaviour = useZoomBehaviour(frame, setView);

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

  const zoomBy = (factor: number) => {
    const element = frame.current;
    if (element && behaviour.current) select(element).call(behaviour.current.scaleBy, factor);
  };

  /** With the map focused, arrow keys pan and + and − zoom. */
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

  return { frame, size, view, moveTo, zoomBy, onKeyDown };
}
