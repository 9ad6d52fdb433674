// Distances over a city: great-circle (haversine) metres, and walking time at an unhurried 4.5 km/h over a
// street grid a third longer than the straight line.
export type Point = { lat: number; lng: number };

const EARTH_RADIUS_M = 6_371_000;
export const METRES_PER_DEGREE = 111_320;
const WALK_M_PER_MIN = 75;
const STREET_FACTOR = 1.3;

export function distanceM(a: Point, b: Point): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

export function walkMinutes(metres: number): number {
  return Math.max(1, Math.round((metres * STREET_FACTOR) / WALK_M_PER_MIN));
}
