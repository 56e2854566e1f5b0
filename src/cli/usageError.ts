/** A mistake in the command line, the environment or `.doc-ingest.json`: exit 2, nothing sent. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
