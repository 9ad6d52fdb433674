// Errors the management endpoints share.
import { AppError } from '../../http/errors.ts';

export const slugTaken = (what: 'club' | 'event') =>
  new AppError(
    409,
    'SLUG_TAKEN',
    what === 'club'
      ? 'Ya hay una discoteca con esa dirección corta: elige otra.'
      : 'Ya hay un evento con esa dirección corta: elige otra.',
    { field: 'slug' },
  );

// Both engines name a broken UNIQUE constraint in the message: SQLite "UNIQUE constraint failed: clubs.slug",
// PostgreSQL "duplicate key value violates unique constraint "clubs_slug_key"".
export function isUniqueViolation(error: unknown, column: string): boolean {
  const message = error instanceof Error ? error.message : '';
  return /UNIQUE constraint failed|duplicate key value/i.test(message) && message.includes(column);
}
