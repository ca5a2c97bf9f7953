/** The SQLSTATE of an error thrown by pg or TypeORM (which wraps pg's error as `driverError`). */
export function sqlState(error: unknown): string | undefined {
  const { code, driverError } = (error ?? {}) as { code?: unknown; driverError?: { code?: unknown } };
  const value = typeof driverError?.code === 'string' ? driverError.code : code;
  return typeof value === 'string' ? value : undefined;
}

/** True when the error is a unique-constraint violation (SQLSTATE 23505). */
export function isUniqueViolation(error: unknown): boolean {
  return sqlState(error) === '23505';
}
