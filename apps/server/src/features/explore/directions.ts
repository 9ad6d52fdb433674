// How to get to a club: links that open the phone's map app (geo: for Android, Apple Maps, Google Maps
// anywhere else) and the nearest Metro stations from the shipped list, with a walking time.
import type { ClubDirections, MetroStation } from '@nocturna/shared';
import type { Db } from '../../db/connect.ts';
import { getClubDetail } from '../clubs/index.ts';
import { distanceM, walkMinutes, type Point } from './geo.ts';
import { METRO_STATIONS } from './metro-stations.ts';

export const NEAREST_STATIONS = 3;

export function nearestStations(point: Point, count = NEAREST_STATIONS): MetroStation[] {
  return METRO_STATIONS.map((s) => ({ station: s, metres: distanceM(point, { lat: s.lat, lng: s.lng }) }))
    .sort((a, b) => a.metres - b.metres)
    .slice(0, count)
    .map(({ station, metres }) => ({
      name: station.name,
      lines: station.lines,
      latitude: station.lat,
      longitude: station.lng,
      distanceM: Math.round(metres),
      walkMinutes: walkMinutes(metres),
    }));
}

export function mapLinks(name: string, point: Point, address: string): ClubDirections['links'] {
  const at = `${point.lat},${point.lng}`;
  const label = encodeURIComponent(`${name}, ${address}`);
  return {
    geo: `geo:${at}?q=${at}(${encodeURIComponent(name)})`,
    apple: `https://maps.apple.com/?daddr=${at}&q=${label}`,
    google: `https://www.google.com/maps/dir/?api=1&destination=${at}`,
  };
}

export async function clubDirections(db: Db, idOrSlug: string): Promise<ClubDirections> {
  const club = await getClubDetail(db, idOrSlug);
  const point = { lat: club.latitude, lng: club.longitude };
  return {
    clubId: club.id,
    name: club.name,
    address: club.address,
    latitude: club.latitude,
    longitude: club.longitude,
    links: mapLinks(club.name, point, club.address),
    stations: nearestStations(point),
  };
}
