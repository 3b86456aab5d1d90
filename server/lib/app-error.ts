import { ERROR_STATUS, type ErrorBody, type ErrorCode } from "#contract/errors.ts";

/** The one error type services throw. The error handler sends it as `{error, code, fields?}` with its status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;
  /** Extra answer data a client acts on, e.g. free name suggestions with a 409. */
  readonly details: { suggestions?: string[] } | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    fields?: Record<string, string>,
    details?: { suggestions?: string[] },
  ) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.fields = fields;
    this.details = details;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }

  toBody(): ErrorBody {
    return {
      error: this.message,
      code: this.code,
      ...(this.fields && { fields: this.fields }),
      ...this.details,
    };
  }
}

/** A 429 that says when to try again: the error handler sends `retryAfterSeconds` as `Retry-After`. */
export class TryLaterError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super("rate_limited", message);
  }
}

/** The body of an error the framework raised, when the client caused it. */
export function errorBody(code: ErrorCode, error: string, fields?: Record<string, string>): ErrorBody {
  return { error, code, ...(fields && { fields }) };
}
