/// <reference types="google.maps" />
/**
 * The map: @react-google-maps/api's GoogleMap with markers clustered by
 * @googlemaps/markerclusterer's SuperClusterAlgorithm, bounds fitted with padding (the
 * settings are in map-clustering.ts), clusters red or blue by the rule of
 * cluster-colour.ts.
 * Loaded as its own chunk after the Maps script (map-panel.tsx).
 */
import { MarkerClusterer, SuperClusterAlgorithm, type Renderer } from '@googlemaps/markerclusterer';
import { GoogleMap } from '@react-google-maps/api';
import { useEffect, useRef, useState } from 'react';
import { CLUSTER_COLOURS, clusterColour } from '../cluster-colour';
import { FIT_BOUNDS_PADDING_PX, SUPERCLUSTER_OPTIONS } from '../map-clustering';

export interface MapStation {
  id: string;
  name: string;
  lat: number;
  lng: number;
  /** The station's town: the built-in map names towns from its stations. */
  city?: string;
}

const FALLBACK_CENTER = { lat: 62.5, lng: 17 };

function clusterIcon(colour: string): google.maps.Icon {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="44" height="44" viewBox="0 0 44 44"><circle cx="22" cy="22" r="20" fill="${colour}" stroke="#fff" stroke-width="3"/></svg>`;
  return {
    url: `data:image/svg+xml;charset=UTF-8,${encodeURIComponent(svg)}`,
    scaledSize: new google.maps.Size(44, 44),
    anchor: new google.maps.Point(22, 22),
  };
}

function renderer(clusterLabel: (count: number) => string): Renderer {
  return {
    render: ({ count, position }, stats) => {
      const colour = clusterColour(count, stats.clusters.markers.mean);
      const marker = new google.maps.Marker({
        position,
        icon: clusterIcon(CLUSTER_COLOURS[colour]),
        label: { text: String(count), color: '#ffffff', fontWeight: '700' },
        title: clusterLabel(count),
        zIndex: 1000 + count,
      });
      // Read by tests and by nothing else: which colour the rule chose.
      marker.set('clusterColour', colour);
      return marker;
    },
  };
}

export default function StationMap({
  stations,
  onSelect,
  singleZoom = 14,
  label,
  clusterLabel,
  fitTo,
}: {
  stations: readonly MapStation[];
  /** What the first view frames instead of all the stations (the visitor and the nearest ones). */
  fitTo?: readonly { lat: number; lng: number }[] | null | undefined;
  onSelect?: ((id: string) => void) | undefined;
  singleZoom?: number | undefined;
  label: string;
  clusterLabel: (count: number) => string;
}) {
  const [map, setMap] = useState<google.maps.Map | null>(null);
  // Callbacks change identity with every render of the parent; the markers need not.
  const callbacks = useRef({ onSelect, clusterLabel });
  useEffect(() => {
    callbacks.current = { onSelect, clusterLabel };
  });

  useEffect(() => {
    if (!map) return;
    const markers = stations.map((station) => {
      const marker = new google.maps.Marker({ position: { lat: station.lat, lng: station.lng }, title: station.name });
      marker.addListener('click', () => callbacks.current.onSelect?.(station.id));
      return marker;
    });
    const clusterer = new MarkerClusterer({
      map,
      markers,
      algorithm: new SuperClusterAlgorithm(SUPERCLUSTER_OPTIONS),
      renderer: renderer((count) => callbacks.current.clusterLabel(count)),
      onClusterClick: (_event, cluster, clusterMap) => {
        if (cluster.bounds) clusterMap.fitBounds(cluster.bounds, FIT_BOUNDS_PADDING_PX);
      },
    });
    const framed = fitTo && fitTo.length > 0 ? fitTo : stations;
    if (framed.length === 1) {
      map.setCenter({ lat: framed[0]!.lat, lng: framed[0]!.lng });
      map.setZoom(singleZoom);
    } else if (framed.length > 1) {
      const bounds = new google.maps.LatLngBounds();
      for (const point of framed) bounds.extend({ lat: point.lat, lng: point.lng });
      map.fitBounds(bounds, FIT_BOUNDS_PADDING_PX);
    }
    return () => {
      clusterer.clearMarkers();
      clusterer.setMap(null);
      for (const marker of markers) google.maps.event.clearInstanceListeners(marker);
    };
  }, [map, stations, singleZoom, fitTo]);

  return (
    <div className="station-map__frame" role="region" aria-label={label}>
      <GoogleMap
        mapContainerClassName="station-map__canvas"
        options={{
          center: FALLBACK_CENTER,
          zoom: 5,
          clickableIcons: false,
          streetViewControl: false,
          mapTypeControl: false,
          fullscreenControl: false,
        }}
        onLoad={setMap}
        onUnmount={() => setMap(null)}
      />
    </div>
  );
}
