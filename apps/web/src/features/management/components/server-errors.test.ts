// A server's refusal naming a field lands under that field (or the list it belongs to); anything else is a toast.
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../../../lib/api-client.ts';
import { showServerError } from './server-errors.ts';

const refusal = (field?: string) =>
  new ApiRequestError(400, { code: 'VALIDATION_ERROR', message: 'Mensaje del servidor', field });

afterEach(() => vi.restoreAllMocks());

describe('showServerError', () => {
  it('puts a refusal of a field the form has under that field and focuses it', () => {
    const setError = vi.fn();
    const toastError = vi.spyOn(toast, 'error');
    showServerError(refusal('name'), setError, ['name', 'lineup'], 'Texto para la persona');
    expect(setError).toHaveBeenCalledWith(
      'name',
      { message: 'Texto para la persona' },
      { shouldFocus: true },
    );
    expect(toastError).not.toHaveBeenCalled();
  });

  it('puts a refusal of an item of a list under the list', () => {
    const setError = vi.fn();
    showServerError(refusal('lineup.2.djName'), setError, ['name', 'lineup'], 'Revisa el cartel');
    expect(setError).toHaveBeenCalledWith('lineup', { message: 'Revisa el cartel' }, { shouldFocus: true });
  });

  it('shows a toast for a field the form does not have, or an error without a field', () => {
    const setError = vi.fn();
    const toastError = vi.spyOn(toast, 'error');
    showServerError(refusal('slug'), setError, ['name'], 'Uno');
    showServerError(refusal(), setError, ['name'], 'Dos');
    showServerError(new TypeError('Failed to fetch'), setError, ['name'], 'Tres');
    expect(setError).not.toHaveBeenCalled();
    expect(toastError.mock.calls.map((c) => c[0])).toEqual(['Uno', 'Dos', 'Tres']);
  });
});
