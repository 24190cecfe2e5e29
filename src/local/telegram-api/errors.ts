/**
 * Errors of the Telegram Bot API stand-in, worded as the real Bot API words them.
 * Not a rule: test and playground infrastructure.
 */
import type { ApiResponse } from './types.ts';

/** A Bot API error answer: an HTTP status, its `error_code` and `description`. */
export class ApiError extends Error {
  override name = 'ApiError';
  constructor(
    readonly status: number,
    readonly description: string,
    readonly parameters?: ApiResponse['parameters'],
  ) {
    super(description);
  }

  /** The JSON body the real API sends for this error. */
  toResponse(): ApiResponse {
    const body: ApiResponse = { ok: false, error_code: this.status, description: this.description };
    if (this.parameters) body.parameters = this.parameters;
    return body;
  }
}

/** 400 "Bad Request: …". */
export function badRequest(what: string): ApiError {
  return new ApiError(400, `Bad Request: ${what}`);
}

/** 403 "Forbidden: …". */
export function forbidden(what: string): ApiError {
  return new ApiError(403, `Forbidden: ${what}`);
}

/** 429 with `parameters.retry_after`. */
export function tooManyRequests(retryAfter: number): ApiError {
  return new ApiError(429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
}

export const UNAUTHORIZED = new ApiError(401, 'Unauthorized');
export const NOT_FOUND = new ApiError(404, 'Not Found');

export const NOT_MODIFIED =
  'message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';
export const QUERY_TOO_OLD = 'query is too old and response timeout expired or query ID is invalid';
