// The time now, read again every `everyMs`: the running clocks and timers of the employee app
// and the kiosk, and the status line that must learn the new day at midnight.
import { useEffect, useState } from 'react';

export function useNow(everyMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const id = setInterval(() => setNow(Date.now()), everyMs);
    return () => clearInterval(id);
  }, [everyMs]);
  return now;
}
