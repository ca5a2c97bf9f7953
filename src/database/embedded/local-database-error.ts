/** The embedded PostgreSQL cannot be used as configured; the message says what to do instead. */
export class LocalDatabaseError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'LocalDatabaseError';
  }
}
