import { useEffect, useState } from 'react';

/** Unix seconds now, ticking every second (countdowns) or every `tickMs` (estimates that move by the minute). */
export function useNow(tickMs = 1000): number {
  const [now, setNow] = useState(() => Math.floor(Date.now() / 1000));
  useEffect(() => {
    const timer = setInterval(() => setNow(Math.floor(Date.now() / 1000)), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
