import { useEffect, useState } from 'react';

/** Whole seconds from `now` until `deadline` (both in ms), never below zero. */
export function secondsUntil(deadline: number, now: number): number {
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

/** A resend countdown: `start(seconds)` with the server's `resendAfterSeconds` or `secondsLeft`. */
export function useCountdown(now: () => number = Date.now) {
  const [deadline, setDeadline] = useState(0);
  const [secondsLeft, setSecondsLeft] = useState(0);
  useEffect(() => {
    if (deadline === 0) return;
    const tick = () => {
      const left = secondsUntil(deadline, now());
      setSecondsLeft(left);
      if (left === 0) setDeadline(0);
    };
    tick();
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [deadline, now]);
  return {
    secondsLeft,
    start: (seconds: number) => {
      if (seconds <= 0) return;
      setSecondsLeft(Math.ceil(seconds));
      setDeadline(now() + seconds * 1000);
    },
  };
}
