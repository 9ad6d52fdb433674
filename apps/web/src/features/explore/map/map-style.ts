// The map's style: the offline basemap (madrid-basemap.ts) in the app's night colours. Every source is inline
// GeoJSON, so nothing is fetched and no glyphs are needed.
import type { StyleSpecification } from 'maplibre-gl';
import { BARRIO_AREAS, PARKS, RIVER, STREETS, basemap } from './madrid-basemap.ts';

export function offlineStyle(): StyleSpecification {
  return {
    version: 8,
    sources: {
      barrios: { type: 'geojson', data: basemap(BARRIO_AREAS) },
      parks: { type: 'geojson', data: basemap(PARKS) },
      river: { type: 'geojson', data: basemap([RIVER]) },
      streets: { type: 'geojson', data: basemap(STREETS) },
    },
    layers: [
      { id: 'background', type: 'background', paint: { 'background-color': '#0b0614' } },
      {
        id: 'barrios-fill',
        type: 'fill',
        source: 'barrios',
        paint: { 'fill-color': '#2a1a47', 'fill-opacity': 0.55 },
      },
      {
        id: 'barrios-line',
        type: 'line',
        source: 'barrios',
        paint: { 'line-color': '#6b4fa3', 'line-width': 1, 'line-dasharray': [2, 2] },
      },
      { id: 'parks', type: 'fill', source: 'parks', paint: { 'fill-color': '#12331f', 'fill-opacity': 0.9 } },
      {
        id: 'river',
        type: 'line',
        source: 'river',
        paint: { 'line-color': '#1e3a8a', 'line-width': ['interpolate', ['linear'], ['zoom'], 11, 2, 16, 8] },
      },
      {
        id: 'streets',
        type: 'line',
        source: 'streets',
        layout: { 'line-cap': 'round', 'line-join': 'round' },
        paint: {
          'line-color': ['match', ['get', 'rank'], 1, '#8b7bb0', 2, '#5f5180', '#463b63'],
          'line-width': [
            'interpolate',
            ['linear'],
            ['zoom'],
            11,
            ['match', ['get', 'rank'], 1, 2, 2, 1.2, 0.8],
            16,
            ['match', ['get', 'rank'], 1, 9, 2, 6, 4],
          ],
        },
      },
    ],
  };
}
