/**
 * One marker of the offline map: a cluster (a button that zooms to its stations), a
 * station the visitor can choose (a button that opens its card), or a named station on a
 * map without choosing (a station page).
 */
import { useLingui } from '@lingui/react';
import type { OfflineMarkers } from '../offline-map-model';

type OfflineMarker = OfflineMarkers['markers'][number];

/** Where a station's name goes beside its marker (./offline-map.tsx picks the side with room). */
export type NameSide = 'right' | 'left' | 'below';

export function OfflineMapMarker({
  marker,
  onCluster,
  onSelect,
  nameSide = 'right',
}: {
  marker: OfflineMarker;
  onCluster: (clusterId: number) => void;
  onSelect?: ((id: string) => void) | undefined;
  nameSide?: NameSide;
}) {
  const { i18n } = useLingui();
  let content;
  if (marker.kind === 'cluster') {
    content = (
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
        onClick={() => onCluster(marker.clusterId)}
      >
        {marker.count}
      </button>
    );
  } else if (onSelect) {
    content = (
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
    );
  } else {
    content = (
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
    );
  }
  return (
    <li
      className="offline-map__marker-slot"
      style={{ transform: `translate(${marker.x}px, ${marker.y}px)` }}
      {...(nameSide === 'right' ? {} : { 'data-name-side': nameSide })}
    >
      {content}
    </li>
  );
}
