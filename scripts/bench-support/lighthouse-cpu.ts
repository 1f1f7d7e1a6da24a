/**
 * Whether a Lighthouse run's host was fast enough for its mobile preset (issue 31, finding
 * 11: the same build scored 66–99 by the host's CPU). Lighthouse measures the host
 * (`environment.benchmarkIndex`) and warns when it is slower than its 4× CPU slowdown
 * assumes; such a run measures the machine, not the page. scripts/lighthouse.ts records
 * the index of every run, runs again below MIN_BENCHMARK_INDEX, and, when the host stays
 * slow, calibrates the slowdown to it instead (pure, unit-tested).
 */
export const MIN_BENCHMARK_INDEX = 1500;
/** Lighthouse's mobile preset: 4× CPU slowdown, meant for a host of about MIN_BENCHMARK_INDEX or more. */
export const PRESET_CPU_SLOWDOWN = 4;

export interface RunEnvironment {
  environment?: { benchmarkIndex?: number };
  runWarnings?: string[];
}

export function benchmarkIndexOf(result: RunEnvironment): number {
  return result.environment?.benchmarkIndex ?? NaN;
}

/** A run on a host at least as fast as the preset assumes, without Lighthouse's slow-CPU warning. */
export function ranOnFastEnoughHost(result: RunEnvironment): boolean {
  const index = benchmarkIndexOf(result);
  const warned = (result.runWarnings ?? []).some((warning) => /slower CPU than expected/i.test(warning));
  return Number.isFinite(index) && index >= MIN_BENCHMARK_INDEX && !warned;
}

/**
 * The CPU slowdown that gives a host of `benchmarkIndex` the device the preset means: the
 * preset's 4× scaled by how much slower the host is than MIN_BENCHMARK_INDEX, at least 1×.
 */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= 0) return PRESET_CPU_SLOWDOWN;
  const scaled = (PRESET_CPU_SLOWDOWN * Math.min(benchmarkIndex, MIN_BENCHMARK_INDEX)) / MIN_BENCHMARK_INDEX;
  return Math.max(1, Math.round(scaled * 10) / 10);
}
