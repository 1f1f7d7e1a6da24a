/** Small measures the benchmark scripts share. */
import { readFileSync } from 'node:fs';

/** The median; of an even count, the mean of the middle two. */
export const median = (values: readonly number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

/** CPU time (user + system, every thread) a live process has used, in ms, from /proc (clock ticks of 10 ms). */
export function cpuTimeMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
    .replace(/^.*\) /, '')
    .split(' ');
  // After the command name: utime and stime are fields 14 and 15 of the line (man 5 proc).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The nearest-rank percentile (p of 100) of the values, in any order; 0 of none. */
export const percentile = (values: readonly number[], p: number) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
};
