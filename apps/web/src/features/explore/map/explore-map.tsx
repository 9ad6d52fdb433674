// The map of /explore: MapLibre GL over the online vector style when it is reachable, the offline basemap
// otherwise (choose-basemap.ts), one marker per club of Madrid coloured by its night (under way, later tonight,
// another day; muted when nothing matches the filters), barrio names on the offline basemap, and the person's
// position when they shared it.
// Loaded on its own (React.lazy) so MapLibre never reaches another page.
import { Map as MapLibreMap, Marker, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExploreClub } from '@nocturna/shared';
import { BARRIO_LABELS, MADRID_BOUNDS, MADRID_CENTER } from './madrid-basemap.ts';
import { useMapConfig } from '../api/get-map-config.ts';
import { chooseBasemap, offlineBasemap, type Basemap } from './choose-basemap.ts';

// How long the online style may take to draw its first frame before the offline basemap replaces it.
const ONLINE_LOAD_TIMEOUT_MS = 10_000;

setWorkerUrl(workerUrl);

type Props = {
  clubs: ExploreClub[];
  selectedClubId: string | null;
  onSelectClub: (clubId: string) => void;
  me: { lat: number; lng: number } | null;
  // The + / − buttons, for a mouse; phones pinch (and the buttons would sit under the filters).
  zoomButtons: boolean;
};

export const MARKER_CLASS: Record<ExploreClub['tonight'], string> = {
  live: 'bg-flame-500 shadow-[0_0_14px] shadow-flame-500 ring-flame-500/40 animate-pulse',
  tonight: 'bg-neon-500 shadow-[0_0_12px] shadow-neon-500 ring-neon-500/40',
  none: 'bg-slate-400 ring-slate-400/30',
};

// A club with nothing in the chosen range for these filters: on the map (the person sees where it is), quiet.
export const MUTED_MARKER_CLASS = 'bg-night-700 ring-white/15 opacity-80';

function markerElement(club: ExploreClub, label: string, selected: boolean): HTMLButtonElement {
  const el = document.createElement('button');
  const muted = club.events === 0;
  el.type = 'button';
  el.dataset.testid = 'club-marker';
  el.dataset.state = club.tonight;
  if (muted) el.dataset.muted = 'true';
  el.dataset.clubId = club.id;
  el.setAttribute('aria-label', label);
  el.title = label;
  el.className = `block rounded-full ring-4 transition-transform ${muted ? MUTED_MARKER_CLASS : MARKER_CLASS[club.tonight]} ${
    selected ? 'size-6 outline-2 outline-white' : muted ? 'size-3' : 'size-4'
  }`;
  return el;
}

// No WebGL (an old phone, a locked-down browser): no map, and the list still shows every event.
function supportsWebGL(): boolean {
  try {
    const canvas = document.createElement('canvas');
    return Boolean(canvas.getContext('webgl2') ?? canvas.getContext('webgl'));
  } catch {
    return false;
  }
}

function labelElement(name: string): HTMLSpanElement {
  const el = document.createElement('span');
  el.textContent = name;
  el.className =
    'pointer-events-none text-[11px] font-semibold tracking-wide text-white/45 uppercase select-none';
  return el;
}

export default function ExploreMap({ clubs, selectedClubId, onSelectClub, me, zoomButtons }: Props) {
  const { t } = useTranslation('explore');
  const container = useRef<HTMLDivElement>(null);
  const [failed] = useState(() => !supportsWebGL());
  const config = useMapConfig();
  // undefined while the server has not said which style to try; null: the offline basemap only.
  const styleUrl = config.isPending ? undefined : (config.data?.styleUrl ?? null);
  const [basemap, setBasemap] = useState<Basemap | null>(null);
  // The map once it has drawn its basemap: markers go on it.
  const [shown, setShown] = useState<{ map: MapLibreMap; kind: Basemap['kind'] } | null>(null);

  useEffect(() => {
    if (failed || styleUrl === undefined) return;
    const abort = new AbortController();
    void chooseBasemap(styleUrl, abort.signal).then((chosen) => {
      if (!abort.signal.aborted) setBasemap(chosen);
    });
    return () => abort.abort();
  }, [failed, styleUrl]);

  useEffect(() => {
    if (!container.current || !basemap) return;
    const online = basemap.kind === 'online';
    let instance: MapLibreMap;
    try {
      instance = new MapLibreMap({
        container: container.current,
        style: basemap.style,
        center: MADRID_CENTER,
        zoom: 12.6,
        minZoom: 11,
        maxZoom: 17,
        maxBounds: MADRID_BOUNDS,
        // The online tiles are OpenStreetMap's data: their attribution must show.
        attributionControl: online ? { compact: true } : false,
        dragRotate: false,
        pitchWithRotate: false,
      });
    } catch {
      // A context lost between the check and here: the list beside the map still shows every event.
      return;
    }
    instance.touchZoomRotate.disableRotation();
    if (zoomButtons) instance.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    // The online style names streets and barrios itself.
    if (!online)
      for (const label of BARRIO_LABELS)
        new Marker({ element: labelElement(label.properties.name) })
          .setLngLat(label.geometry.coordinates)
          .addTo(instance);
    let loaded = false;
    // Tiles, fonts or sprites of the online style that fail (or hang) before its first render: the offline
    // basemap instead, so the person never faces an empty map.
    const fallBack = () => {
      if (!loaded) setBasemap(offlineBasemap());
    };
    const timer = online ? window.setTimeout(fallBack, ONLINE_LOAD_TIMEOUT_MS) : undefined;
    if (online) instance.on('error', fallBack);
    instance.on('load', () => {
      loaded = true;
      window.clearTimeout(timer);
      setShown({ map: instance, kind: basemap.kind });
    });
    return () => {
      window.clearTimeout(timer);
      instance.remove();
    };
  }, [basemap, zoomButtons]);

  useEffect(() => {
    const instance = shown?.map;
    if (!instance) return;
    const markers = clubs.map((club) => {
      const state = club.events === 0 ? t('muted') : t(`tonightState.${club.tonight}`);
      const el = markerElement(club, `${club.name} · ${state}`, club.id === selectedClubId);
      el.addEventListener('click', (e) => {
        e.stopPropagation();
        onSelectClub(club.id);
      });
      return new Marker({ element: el }).setLngLat([club.longitude, club.latitude]).addTo(instance);
    });
    return () => markers.forEach((m) => m.remove());
  }, [shown, clubs, selectedClubId, onSelectClub, t]);

  useEffect(() => {
    const instance = shown?.map;
    if (!instance || !me) return;
    const el = document.createElement('span');
    el.dataset.testid = 'me-marker';
    el.setAttribute('aria-label', t('near.you'));
    el.className =
      'block size-4 rounded-full border-2 border-white bg-sky-500 shadow-[0_0_12px] shadow-sky-400';
    const marker = new Marker({ element: el }).setLngLat([me.lng, me.lat]).addTo(instance);
    instance.easeTo({ center: [me.lng, me.lat], zoom: Math.max(instance.getZoom(), 13.5) });
    return () => void marker.remove();
  }, [shown, me, t]);

  useEffect(() => {
    const instance = shown?.map;
    const club = clubs.find((c) => c.id === selectedClubId);
    if (!instance || !club) return;
    instance.easeTo({ center: [club.longitude, club.latitude] });
  }, [shown, selectedClubId, clubs]);

  if (failed)
    return (
      <div className="flex h-full items-center justify-center bg-night-900 p-6 text-center text-sm text-white/60">
        {t('mapUnavailable')}
      </div>
    );
  return (
    <div
      ref={container}
      data-testid="explore-map"
      data-ready={shown ? 'true' : undefined}
      data-basemap={shown?.kind}
      role="region"
      aria-label={t('mapLabel')}
      className="h-full w-full bg-night-950"
    />
  );
}
