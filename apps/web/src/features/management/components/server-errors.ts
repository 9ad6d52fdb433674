// A server's field-level refusal onto the form field it names; anything else becomes a toast. `text` is what the
// person reads either way: the error in their words (lib/error-text.ts), never the server's own message.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import toast from 'react-hot-toast';
import { ApiRequestError } from '../../../lib/api-client.ts';

export function showServerError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fields: readonly string[],
  text: string,
): void {
  if (error instanceof ApiRequestError && error.field) {
    const root = error.field.split('.')[0]!;
    if (fields.includes(error.field) || fields.includes(root)) {
      setError(
        (fields.includes(error.field) ? error.field : root) as Path<T>,
        { message: text },
        { shouldFocus: true },
      );
      return;
    }
  }
  toast.error(text);
}
