// One error type for the whole API and one handler that turns anything thrown into the one shape every error
// has ({ error: { code, message, field?, details? } }, packages/shared errors.ts).
import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import type { ErrorCode } from '@nocturna/shared';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { DATABASE_RETRY_AFTER_SECONDS, isDatabaseUnavailable } from '../db/unavailable.ts';

export class AppError extends Error {
  readonly status: number;
  readonly code: ErrorCode;
  readonly field?: string;
  readonly details?: unknown;
  constructor(
    status: number,
    code: ErrorCode,
    message: string,
    options: { field?: string; details?: unknown } = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.field = options.field;
    this.details = options.details;
  }
}

export const notFound = (what: string, code: ErrorCode = 'NOT_FOUND') =>
  new AppError(404, code, `${what} no existe.`);
export const badRequest = (field: string, message: string, code: ErrorCode = 'VALIDATION_ERROR') =>
  new AppError(400, code, message, { field });

export function sendError(reply: FastifyReply, error: AppError) {
  return reply.status(error.status).send({
    error: { code: error.code, message: error.message, field: error.field, details: error.details },
  });
}

// The router's answer to a path it cannot decode: 400 on the API, 404 for a page (no page has such an address).
export function badUrl(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (/^\/api(\/|$)/i.test(request.url))
    return sendError(reply, new AppError(400, 'BAD_URL', 'La dirección de la petición no es válida.'));
  if (error.code !== 'FST_ERR_BAD_URL')
    return sendError(reply, new AppError(400, 'BAD_REQUEST', error.message));
  return reply
    .status(404)
    .type('text/plain; charset=utf-8')
    .send('Esta página no existe. / This page does not exist.');
}

// The catalogue's code for one of Fastify's own refusals: its FST_ERR_* codes are its internals, not our API.
function fastifyErrorCode(error: FastifyError, status: number): ErrorCode {
  if (status === 413) return 'BODY_TOO_LARGE';
  if (status === 415) return 'UNSUPPORTED_MEDIA_TYPE';
  if (error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError) return 'INVALID_JSON';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 429) return 'RATE_LIMITED';
  return 'BAD_REQUEST';
}

function isStorageFull(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT';
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) =>
    sendError(
      reply,
      new AppError(
        404,
        'ROUTE_NOT_FOUND',
        `No existe la ruta ${request.method} ${request.url.split('?')[0]}.`,
      ),
    ),
  );

  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error);

    if (hasZodFastifySchemaValidationErrors(error)) {
      // The library types its issues through a path NodeNext cannot resolve; they are Fastify's validation errors.
      const issues = error.validation as FastifySchemaValidationError[];
      const first = issues[0];
      const field = [
        error.validationContext,
        ...String(first?.instancePath ?? '')
          .split('/')
          .filter(Boolean),
      ]
        .filter(Boolean)
        .join('.');
      const message = first?.message ? `${field}: ${first.message}` : 'Petición no válida.';
      return sendError(
        reply,
        new AppError(400, 'VALIDATION_ERROR', message, {
          field: field.replace(/^(querystring|body|params|headers)\.?/, '') || undefined,
          details: issues.map((v) => ({ path: v.instancePath, message: v.message })),
        }),
      );
    }

    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema');
      return sendError(reply, new AppError(500, 'INTERNAL_ERROR', 'Algo ha fallado en el servidor.'));
    }

    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return sendError(
        reply,
        new AppError(
          503,
          'SERVICE_UNAVAILABLE',
          'El servicio no está disponible en este momento. Vuelve a intentarlo en unos segundos.',
        ),
      );
    }

    if (isStorageFull(error)) {
      request.log.error({ err: error }, 'storage full');
      return sendError(
        reply,
        new AppError(
          507,
          'STORAGE_FULL',
          'No queda espacio para guardar el archivo. No se ha guardado nada; inténtalo más tarde.',
        ),
      );
    }

    const status = error.statusCode ?? 500;
    if (status >= 500) {
      request.log.error({ err: error }, 'unhandled error');
      return sendError(reply, new AppError(500, 'INTERNAL_ERROR', 'Algo ha fallado en el servidor.'));
    }
    // Fastify's own 4xx (malformed JSON, body too large, unsupported media type...), under the catalogue's codes.
    return sendError(reply, new AppError(status, fastifyErrorCode(error, status), error.message));
  });
}
