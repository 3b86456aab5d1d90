/**
 * Why an operator's command would not go on, as the one line it prints before exiting with 1: a backup or
 * restore that cannot or must not run, never a fault of the code.
 */
export class BackupRefusal extends Error {
  override name = "BackupRefusal";
}
