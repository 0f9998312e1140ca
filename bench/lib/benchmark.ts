/** What every benchmark module exports by default; `bench/run.ts` loads them by name. */
export interface Benchmark {
  description: string;
  /** Runs the benchmark; throws (or resolves false) when it could not complete. */
  main(args: readonly string[]): Promise<boolean>;
}
