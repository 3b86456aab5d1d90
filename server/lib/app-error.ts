import { ERROR_STATUS, type ErrorCode } from "#contract/errors.ts";

/** The one error type services throw. The error handler turns it into `{error, fields?}` with its status. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly fields: Record<string, string> | undefined;

  constructor(code: ErrorCode, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = "AppError";
    this.code = code;
    this.fields = fields;
  }

  get status(): number {
    return ERROR_STATUS[this.code];
  }
}
