// Reads the one file of a multipart upload (field "file"), with the errors a person understands: not a form,
// no file, more than one, too big. The route's plugin registers @fastify/multipart with its limits.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, badRequest } from './errors.ts';

// What the form parser throws besides its limits (no boundary, a boundary over 256 characters, a body cut short)
// is a broken request, not a fault of the server: it is answered like a body that is not a form at all.
export function brokenForm(error: unknown, field: string, message: string): unknown {
  if (error instanceof AppError || typeof (error as { statusCode?: unknown } | null)?.statusCode === 'number')
    return error;
  return new AppError(400, 'MULTIPART_REQUIRED', message, { field });
}

const NOT_A_FORM = 'Envía la foto como formulario multipart en el campo "file".';

export async function readSingleUpload(
  app: FastifyInstance,
  request: FastifyRequest,
  tooLarge: () => AppError,
): Promise<Buffer> {
  if (!request.isMultipart())
    throw new AppError(415, 'MULTIPART_REQUIRED', NOT_A_FORM, {
      field: 'file',
    });
  let upload: Buffer;
  try {
    const parts = request.files();
    const first = await parts.next();
    if (first.done || first.value.fieldname !== 'file')
      throw badRequest('file', 'Falta la foto (campo "file").');
    upload = await first.value.toBuffer();
    // Anything after the one photo is refused rather than silently dropped.
    if (!(await parts.next()).done) throw badRequest('file', 'Envía una sola foto.');
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw tooLarge();
    if (
      error instanceof app.multipartErrors.FilesLimitError ||
      error instanceof app.multipartErrors.PartsLimitError
    )
      throw badRequest('file', 'Envía una sola foto.');
    if (error instanceof app.multipartErrors.FieldsLimitError)
      throw badRequest('file', 'Envía solo la foto, en el campo "file".');
    throw brokenForm(error, 'file', NOT_A_FORM);
  }
  if (upload.length === 0) throw badRequest('file', 'La foto está vacía.');
  return upload;
}
