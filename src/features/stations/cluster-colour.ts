/**
 * A cluster is red when its count exceeds the larger of RED_CLUSTER_MIN_COUNT and the mean
 * cluster size (over the clusters on screen), else blue.
 */
import { RED_CLUSTER_MIN_COUNT } from '../../shared/rules/limits';

export type ClusterColour = 'red' | 'blue';

export const CLUSTER_COLOURS: Record<ClusterColour, string> = { red: '#c8102e', blue: '#0b4f9c' };

export function clusterColour(count: number, meanClusterSize: number): ClusterColour {
  return count > Math.max(RED_CLUSTER_MIN_COUNT, meanClusterSize) ? 'red' : 'blue';
}
