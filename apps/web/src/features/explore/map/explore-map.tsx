// The map of /explore: MapLibre GL over the offline basemap, one marker per club coloured by its night
// (under way, later tonight, nothing tonight), barrio names, and the person's position when they shared it.
// Loaded on its own (React.lazy) so MapLibre never reaches another page.
import { Map as MapLibreMap, Marker, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ExploreClub } from '@nocturna/shared';
import { BARRIO_LABELS, MADRID_BOUNDS, MADRID_CENTER } from './madrid-basemap.ts';
import { offlineStyle } from './map-style.ts';

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

function markerElement(club: ExploreClub, label: string, selected: boolean): HTMLButtonElement {
  const el = document.createElement('button');
  el.type = 'button';
  el.dataset.testid = 'club-marker';
  el.dataset.state = club.tonight;
  el.dataset.clubId = club.id;
  el.setAttribute('aria-label', label);
  el.title = label;
  el.className = `block rounded-full ring-4 transition-transform ${MARKER_CLASS[club.tonight]} ${
    selected ? 'size-6 outline-2 outline-white' : 'size-4'
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
  const map = useRef<MapLibreMap | null>(null);
  const [failed] = useState(() => !supportsWebGL());
  const [ready, setReady] = useState(false);

  useEffect(() => {
    if (!container.current || failed) return;
    let instance: MapLibreMap;
    try {
      instance = new MapLibreMap({
        container: container.current,
        style: offlineStyle(),
        center: MADRID_CENTER,
        zoom: 12.6,
        minZoom: 11,
        maxZoom: 17,
        maxBounds: MADRID_BOUNDS,
        attributionControl: false,
        dragRotate: false,
        pitchWithRotate: false,
      });
    } catch {
      // A context lost between the check and here: the list beside the map still shows every event.
      return;
    }
    instance.touchZoomRotate.disableRotation();
    if (zoomButtons) instance.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    for (const label of BARRIO_LABELS)
      new Marker({ element: labelElement(label.properties.name) })
        .setLngLat(label.geometry.coordinates)
        .addTo(instance);
    instance.on('load', () => setReady(true));
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
    };
  }, [failed, zoomButtons]);

  useEffect(() => {
    const instance = map.current;
    if (!instance) return;
    const markers = clubs.map((club) => {
      const state = t(`tonightState.${club.tonight}`);
      const el = markerElement(club, `${club.name} · ${state}`, club.id === selectedClubId);
      el.addEventListener('click', (e) => {
        e.stopPropagation();
        onSelectClub(club.id);
      });
      return new Marker({ element: el }).setLngLat([club.longitude, club.latitude]).addTo(instance);
    });
    return () => markers.forEach((m) => m.remove());
  }, [clubs, selectedClubId, onSelectClub, t]);

  useEffect(() => {
    const instance = map.current;
    if (!instance || !me) return;
    const el = document.createElement('span');
    el.dataset.testid = 'me-marker';
    el.setAttribute('aria-label', t('near.you'));
    el.className =
      'block size-4 rounded-full border-2 border-white bg-sky-500 shadow-[0_0_12px] shadow-sky-400';
    const marker = new Marker({ element: el }).setLngLat([me.lng, me.lat]).addTo(instance);
    instance.easeTo({ center: [me.lng, me.lat], zoom: Math.max(instance.getZoom(), 13.5) });
    return () => void marker.remove();
  }, [me, t]);

  useEffect(() => {
    const instance = map.current;
    const club = clubs.find((c) => c.id === selectedClubId);
    if (!instance || !club) return;
    instance.easeTo({ center: [club.longitude, club.latitude] });
  }, [selectedClubId, clubs]);

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
      data-ready={ready ? 'true' : undefined}
      role="region"
      aria-label={t('mapLabel')}
      className="h-full w-full bg-night-950"
    />
  );
}
