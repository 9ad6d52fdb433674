// "Cerca de mí": the browser's position, asked only when the person taps the button (the browser then asks
// them for permission). Kept in memory only: it is never written to the URL or sent anywhere but /api/explore.
import { useCallback, useState } from 'react';

export type Position = { lat: number; lng: number };
export type GeoState = 'idle' | 'asking' | 'on' | 'denied' | 'unavailable';

export function useGeolocation() {
  const [state, setState] = useState<GeoState>('idle');
  const [position, setPosition] = useState<Position | null>(null);
  const ask = useCallback(() => {
    if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
      setState('unavailable');
      return;
    }
    setState('asking');
    navigator.geolocation.getCurrentPosition(
      (p) => {
        setPosition({ lat: p.coords.latitude, lng: p.coords.longitude });
        setState('on');
      },
      (error) => setState(error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 120_000 },
    );
  }, []);
  const stop = useCallback(() => {
    setPosition(null);
    setState('idle');
  }, []);
  return { state, position, ask, stop };
}
