/**
 * Domain errors: a stable code, a message safe to show a client, optional details, and a private
 * cause that is logged but never sent. Doors map codes to their protocol (REST: status + body).
 */
export type ErrorCode =
  | 'validation_error'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'draft_conflict'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'unprocessable_entity'
  | 'rate_limit_exceeded'
  | 'gone'
  | 'service_unavailable';

export interface ErrorDetails {
  field: string;
  constraint: string;
  /** Batch use cases: the position of the first failing item. */
  index?: number;
}

export class DomainError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly extra: { details?: ErrorDetails; data?: unknown; cause?: unknown; retryAfter?: number } = {},
  ) {
    super(message, { cause: extra.cause });
    this.name = 'DomainError';
  }
}

export const invalid = (field: string, constraint: string, message: string) => new DomainError('validation_error', message, { details: { field, constraint } });

export const unprocessable = (field: string, constraint: string, message: string) =>
  new DomainError('unprocessable_entity', message, { details: { field, constraint } });

/**
 * The error of item `index` of a list field (a batch), with the item named: `details.index`, and
 * `details.field` prefixed (`tasks.57.title`). An error without a field of its own (403, 404, 409)
 * names the item and uses its code as the constraint.
 */
export function atIndex(err: unknown, list: string, index: number): unknown {
  if (!(err instanceof DomainError)) return err;
  const own = err.extra.details;
  const details: ErrorDetails = own
    ? { field: `${list}.${index}.${own.field}`, constraint: own.constraint, index }
    : { field: `${list}.${index}`, constraint: err.code, index };
  return new DomainError(err.code, `${list}[${index}]: ${err.message}`, { ...err.extra, details, cause: err });
}

export const notFound = (what: string) => new DomainError('not_found', `${what} not found`);

export const forbidden = (message: string) => new DomainError('forbidden', message);

export const conflict = (message: string, data?: unknown) => new DomainError('conflict', message, { data });
