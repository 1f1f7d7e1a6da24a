import { SuperClusterAlgorithm } from '@googlemaps/markerclusterer';
import Supercluster from 'supercluster';
import { describe, expect, it } from 'vitest';
import { FIT_BOUNDS_PADDING_PX, SUPERCLUSTER_OPTIONS } from './map-clustering';

describe('map clustering settings', () => {
  it('radius 60 px, max zoom 16, fit padding 60 px', () => {
    expect(SUPERCLUSTER_OPTIONS).toEqual({ radius: 60, maxZoom: 16 });
    expect(FIT_BOUNDS_PADDING_PX).toBe(60);
  });

  it('reach the clusterer under the names it reads', () => {
    const algorithm = new SuperClusterAlgorithm(SUPERCLUSTER_OPTIONS);
    const { options } = (algorithm as unknown as { superCluster: { options: Supercluster.Options<object, object> } })
      .superCluster;
    expect(options).toMatchObject({ radius: 60, maxZoom: 16 });
  });

  it('cluster points closer than the radius, never above zoom 16', () => {
    // Supercluster measures the radius against its tile extent (512 px by default), and the
    // clusterer hands it the Google zoom (256 px tiles): at zoom z the world is 512·2^z of
    // its pixels wide, so radius 60 is 30 screen pixels on a Google map (docs/stations.md).
    const degreesPerPx = (zoom: number) => 360 / (512 * 2 ** zoom);
    const points = (gapPx: number, zoom: number) =>
      [0, gapPx * degreesPerPx(zoom)].map((lng) => ({
        type: 'Feature' as const,
        properties: {},
        geometry: { type: 'Point' as const, coordinates: [lng, 0] },
      }));
    const clustersAt = (gapPx: number, zoom: number) =>
      new Supercluster(SUPERCLUSTER_OPTIONS).load(points(gapPx, zoom)).getClusters([-180, -85, 180, 85], zoom).length;
    expect(clustersAt(50, 10)).toBe(1);
    expect(clustersAt(70, 10)).toBe(2);
    expect(clustersAt(50, 16)).toBe(1);
    // Above the max zoom every station is its own marker, however close.
    expect(clustersAt(5, 17)).toBe(2);
  });
});
