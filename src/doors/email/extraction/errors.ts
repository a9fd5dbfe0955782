/** Thrown by parseEmail for input that is not an RFC 5322 message. */
export class EmailParseError extends Error {
  readonly code = 'email_unparseable';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EmailParseError';
  }
}
