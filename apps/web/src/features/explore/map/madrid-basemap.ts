// The offline basemap of central Madrid: the app's barrios, parks, the Manzanares and the main streets as
// GeoJSON, drawn by MapLibre from this module alone, so the map works on a closed network (no tile server,
// no font server: barrio names are HTML labels). Written by hand from the city's layout, accurate to a block or
// so: enough to see where a club is, not to navigate by (the directions link opens the phone's map app for that).
// The few GeoJSON shapes the basemap uses (the full types come with MapLibre's own dependencies).
type Polygon = { type: 'Polygon'; coordinates: [number, number][][] };
type LineString = { type: 'LineString'; coordinates: [number, number][] };
type Point = { type: 'Point'; coordinates: [number, number] };
type Properties = { name: string; kind?: string; rank?: number };
export type Feature<G = Polygon | LineString | Point> = {
  type: 'Feature';
  properties: Properties;
  geometry: G;
};
type FeatureCollection = { type: 'FeatureCollection'; features: Feature[] };

type Ring = [number, number][];
const area = (name: string, kind: 'barrio' | 'park' | 'water', ring: Ring): Feature<Polygon> => ({
  type: 'Feature',
  properties: { name, kind },
  geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]!]] },
});
const street = (name: string, rank: 1 | 2 | 3, path: Ring): Feature<LineString> => ({
  type: 'Feature',
  properties: { name, rank },
  geometry: { type: 'LineString', coordinates: path },
});

// [longitude, latitude]
export const BARRIO_AREAS: Feature<Polygon>[] = [
  area('Malasaña', 'barrio', [
    [-3.71, 40.43],
    [-3.702, 40.43],
    [-3.7015, 40.4205],
    [-3.706, 40.4205],
    [-3.71, 40.4235],
  ]),
  area('Chueca', 'barrio', [
    [-3.7015, 40.4285],
    [-3.695, 40.428],
    [-3.695, 40.4195],
    [-3.7015, 40.42],
  ]),
  area('Centro', 'barrio', [
    [-3.7135, 40.423],
    [-3.7015, 40.42],
    [-3.695, 40.419],
    [-3.696, 40.414],
    [-3.704, 40.412],
    [-3.714, 40.412],
  ]),
  area('Lavapiés', 'barrio', [
    [-3.708, 40.4125],
    [-3.696, 40.4135],
    [-3.693, 40.408],
    [-3.7025, 40.4045],
    [-3.711, 40.407],
  ]),
  area('Salamanca', 'barrio', [
    [-3.689, 40.44],
    [-3.669, 40.44],
    [-3.669, 40.423],
    [-3.689, 40.4205],
  ]),
  area('Chamberí', 'barrio', [
    [-3.716, 40.444],
    [-3.691, 40.444],
    [-3.691, 40.4255],
    [-3.71, 40.43],
    [-3.716, 40.43],
  ]),
  area('Retiro', 'barrio', [
    [-3.689, 40.4205],
    [-3.669, 40.423],
    [-3.67, 40.406],
    [-3.69, 40.407],
  ]),
  area('Arganzuela', 'barrio', [
    [-3.711, 40.407],
    [-3.69, 40.407],
    [-3.685, 40.388],
    [-3.705, 40.39],
    [-3.716, 40.4],
  ]),
  area('Moncloa', 'barrio', [
    [-3.728, 40.445],
    [-3.716, 40.444],
    [-3.716, 40.425],
    [-3.725, 40.423],
    [-3.73, 40.435],
  ]),
  area('Tetuán', 'barrio', [
    [-3.71, 40.47],
    [-3.69, 40.47],
    [-3.69, 40.447],
    [-3.71, 40.447],
  ]),
];

export const PARKS: Feature<Polygon>[] = [
  area('Parque del Retiro', 'park', [
    [-3.6885, 40.42],
    [-3.676, 40.421],
    [-3.676, 40.41],
    [-3.685, 40.408],
    [-3.6885, 40.412],
  ]),
  area('Casa de Campo', 'park', [
    [-3.728, 40.43],
    [-3.727, 40.405],
    [-3.76, 40.405],
    [-3.76, 40.43],
  ]),
  area('Parque del Oeste', 'park', [
    [-3.72, 40.432],
    [-3.715, 40.426],
    [-3.72, 40.423],
    [-3.726, 40.429],
  ]),
];

export const RIVER = street('Río Manzanares', 1, [
  [-3.729, 40.44],
  [-3.725, 40.43],
  [-3.722, 40.42],
  [-3.72, 40.41],
  [-3.716, 40.4],
  [-3.708, 40.393],
  [-3.698, 40.388],
  [-3.69, 40.383],
]);

export const STREETS: Feature<LineString>[] = [
  street('Paseo de la Castellana', 1, [
    [-3.6915, 40.4078],
    [-3.694, 40.4153],
    [-3.6931, 40.4192],
    [-3.6907, 40.4251],
    [-3.6905, 40.437],
    [-3.6915, 40.446],
    [-3.6885, 40.453],
    [-3.689, 40.4665],
  ]),
  street('Calle de Alcalá', 1, [
    [-3.7026, 40.417],
    [-3.6931, 40.4192],
    [-3.6886, 40.42],
    [-3.6751, 40.4235],
    [-3.669, 40.4287],
    [-3.664, 40.432],
  ]),
  street('Gran Vía', 1, [
    [-3.6972, 40.4188],
    [-3.7016, 40.4199],
    [-3.7058, 40.4204],
    [-3.7114, 40.4232],
  ]),
  street('Calle de la Princesa', 1, [
    [-3.7114, 40.4232],
    [-3.7155, 40.43],
    [-3.719, 40.435],
  ]),
  street('Bulevares', 2, [
    [-3.7155, 40.43],
    [-3.706, 40.43],
    [-3.7023, 40.429],
    [-3.6953, 40.4278],
    [-3.6907, 40.4251],
  ]),
  street('Calle de Fuencarral y Bravo Murillo', 2, [
    [-3.7015, 40.42],
    [-3.7013, 40.4262],
    [-3.7023, 40.429],
    [-3.7038, 40.4329],
    [-3.7037, 40.4468],
    [-3.699, 40.4605],
    [-3.695, 40.4665],
  ]),
  street('Calle Mayor', 2, [
    [-3.7033, 40.4168],
    [-3.707, 40.4155],
    [-3.7135, 40.4152],
  ]),
  street('Calle de Bailén', 2, [
    [-3.7125, 40.423],
    [-3.7135, 40.4175],
    [-3.7135, 40.4152],
    [-3.7145, 40.4105],
  ]),
  street('Calle de Atocha', 2, [
    [-3.705, 40.415],
    [-3.6985, 40.4125],
    [-3.6915, 40.4078],
  ]),
  street('Calle de Toledo', 2, [
    [-3.7075, 40.4145],
    [-3.709, 40.411],
    [-3.7115, 40.4068],
  ]),
  street('Rondas', 2, [
    [-3.7115, 40.4068],
    [-3.7025, 40.4045],
    [-3.6915, 40.4078],
  ]),
  street('Calle de Serrano', 2, [
    [-3.6886, 40.4205],
    [-3.6875, 40.43],
    [-3.6865, 40.44],
    [-3.686, 40.447],
  ]),
  street('Calle de Goya', 3, [
    [-3.6907, 40.4251],
    [-3.6756, 40.4247],
    [-3.669, 40.4245],
  ]),
  street('Calle de José Ortega y Gasset', 3, [
    [-3.69, 40.431],
    [-3.676, 40.43],
    [-3.668, 40.4295],
  ]),
  street('Paseo de las Delicias', 3, [
    [-3.693, 40.406],
    [-3.693, 40.398],
    [-3.695, 40.3912],
  ]),
  street('Calle de Raimundo Fernández Villaverde', 3, [
    [-3.7037, 40.4468],
    [-3.692, 40.4462],
    [-3.678, 40.4455],
  ]),
  street('M-30', 1, [
    [-3.665, 40.45],
    [-3.664, 40.43],
    [-3.666, 40.41],
    [-3.672, 40.395],
    [-3.69, 40.387],
  ]),
];

// Where each barrio's name sits: the middle of its area.
export const BARRIO_LABELS: Feature<Point>[] = BARRIO_AREAS.map((f) => {
  const ring = f.geometry.coordinates[0]!.slice(0, -1);
  const lng = ring.reduce((s, p) => s + p[0], 0) / ring.length;
  const lat = ring.reduce((s, p) => s + p[1], 0) / ring.length;
  return { type: 'Feature', properties: f.properties, geometry: { type: 'Point', coordinates: [lng, lat] } };
});

export const MADRID_CENTER: [number, number] = [-3.7, 40.424];
// The map never wanders far from what the basemap draws.
export const MADRID_BOUNDS: [[number, number], [number, number]] = [
  [-3.79, 40.37],
  [-3.62, 40.49],
];

export const basemap = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });
