// Which basemap the map draws: the online vector style (MAP_STYLE_URL, OpenFreeMap by default) when it answers
// within a short wait with a MapLibre style, otherwise the offline basemap of central Madrid shipped with the app
// (always the case on a closed network). The map falls back too when the online style's tiles or fonts fail
// before its first render (explore-map.tsx).
import type { StyleSpecification } from 'maplibre-gl';
import { offlineStyle } from './map-style.ts';

export type Basemap = { kind: 'online' | 'offline'; style: StyleSpecification };

// Long enough for a phone on 4G to fetch a style of ~100 kB; short enough that a closed network shows the map
// soon.
export const ONLINE_STYLE_TIMEOUT_MS = 3500;

const isStyle = (value: unknown): value is StyleSpecification =>
  typeof value === 'object' &&
  value !== null &&
  (value as { version?: unknown }).version === 8 &&
  typeof (value as { sources?: unknown }).sources === 'object' &&
  Array.isArray((value as { layers?: unknown }).layers);

export const offlineBasemap = (): Basemap => ({ kind: 'offline', style: offlineStyle() });

export async function chooseBasemap(
  styleUrl: string | null,
  signal: AbortSignal,
  timeoutMs = ONLINE_STYLE_TIMEOUT_MS,
): Promise<Basemap> {
  if (!styleUrl) return offlineBasemap();
  try {
    const res = await fetch(styleUrl, {
      signal: AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]),
      credentials: 'omit',
    });
    const style: unknown = res.ok ? await res.json() : null;
    return isStyle(style) ? { kind: 'online', style } : offlineBasemap();
  } catch {
    return offlineBasemap();
  }
}
