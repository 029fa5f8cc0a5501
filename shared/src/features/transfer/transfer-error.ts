/**
 * Why a file cannot be imported. The code picks the German message (transfer.errors.* in the
 * catalogue); `detail` is for the console and tests, never shown.
 */
export type TransferErrorCode =
  | 'empty'
  | 'tooLarge'
  | 'notJson'
  | 'unknownFormat'
  | 'unsupportedVersion'
  | 'invalid'
  | 'tooMany'
  | 'brokenArchive'
  | 'archiveTooLarge';

export class TransferError extends Error {
  readonly code: TransferErrorCode;

  constructor(code: TransferErrorCode, detail: string = code) {
    super(detail);
    this.name = 'TransferError';
    this.code = code;
  }
}
