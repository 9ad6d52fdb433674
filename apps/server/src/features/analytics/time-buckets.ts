// Time buckets counted by the database on both engines: a timestamp as whole seconds since 1970, divided by the
// bucket's length. Madrid's offset is whole hours, so hour and 15-minute buckets fall on its wall-clock too.
import { sql, type RawBuilder } from 'kysely';
import type { DbKind } from '../../db/connect.ts';

export function bucketOf(kind: DbKind, column: string, seconds: number): RawBuilder<number> {
  return kind === 'postgres'
    ? sql<number>`floor(extract(epoch from ${sql.ref(column)}) / ${sql.lit(seconds)})::bigint`
    : sql<number>`cast(strftime('%s', ${sql.ref(column)}) as integer) / ${sql.lit(seconds)}`;
}
