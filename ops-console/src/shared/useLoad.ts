import { useCallback, useEffect, useState } from 'react';
import { messageOf } from './useCommand';

/** Loads `load()` when its inputs change; `reload` reads again. Null while loading or when skipped. */
export function useLoad<T>(load: (() => Promise<T>) | null, inputs: readonly unknown[]) {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [round, setRound] = useState(0);
  const run = useCallback(load ?? (async () => null as T), inputs);
  useEffect(() => {
    let current = true;
    setError(null);
    if (!load) return setData(null);
    run().then(
      (value) => current && setData(value),
      (failure: unknown) => {
        if (!current) return;
        setData(null);
        setError(messageOf(failure));
      },
    );
    return () => {
      current = false;
    };
  }, [run, round]);
  return { data, error, reload: () => setRound((value) => value + 1) };
}
