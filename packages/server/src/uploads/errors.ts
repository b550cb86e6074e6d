/** A file that cannot be loaded as it is: the message says what and where (line, column, sheet). */
export class UploadFileError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UploadFileError';
  }
}
