// Where every open club of Madrid is, for the map of /explore: it shows them all, not only those with a night in
// the chosen range. Only the barrio narrows it (a place filter: the person asked to see that part of the city).
import type { Db } from '../../db/connect.ts';

export function clubPlaces(db: Db, options: { barrio?: string } = {}) {
  let q = db
    .selectFrom('clubs')
    .select(['id', 'slug', 'name', 'barrio', 'latitude', 'longitude'])
    .where('archived_at', 'is', null);
  if (options.barrio) q = q.where('barrio', '=', options.barrio);
  return q.orderBy('name').orderBy('id').execute();
}
