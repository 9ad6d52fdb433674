// Opaque cursors for keyset pagination: base64url JSON of the last row's sort key.
import { type z } from 'zod';
import { AppError } from './errors.ts';

export function encodeCursor(key: unknown[]): string {
  return Buffer.from(JSON.stringify(key)).toString('base64url');
}

export function decodeCursor<T extends z.ZodTuple>(
  cursor: string | undefined,
  shape: T,
): z.infer<T> | undefined {
  if (cursor === undefined) return undefined;
  try {
    return shape.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    throw new AppError(400, 'INVALID_CURSOR', 'El cursor de paginación no es válido.', { field: 'cursor' });
  }
}
