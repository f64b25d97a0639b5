import { useEffect, useState } from 'react';

/** Seconds since the component mounted, counting up once a second. */
export function useElapsedSeconds(): number {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setElapsed((value) => value + 1), 1000);
    return () => clearInterval(timer);
  }, []);
  return elapsed;
}

/** Seconds left of a countdown from `from` to 0, one a second; `onDone` runs once it reaches 0. */
export function useCountdown(from: number, onDone: () => void): number {
  const [left, setLeft] = useState(from);
  useEffect(() => {
    if (left <= 0) {
      onDone();
      return;
    }
    const timer = setTimeout(() => setLeft((value) => value - 1), 1000);
    return () => clearTimeout(timer);
  }, [left, onDone]);
  return Math.max(0, left);
}
