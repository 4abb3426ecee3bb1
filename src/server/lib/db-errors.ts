type DbError = { code?: unknown; constraint?: unknown };

const errorsOf = (error: unknown): DbError[] => {
  const cause = error instanceof Error && 'cause' in error ? error.cause : undefined;
  return [error, cause].filter((e): e is DbError => typeof e === 'object' && e !== null);
};

/**
 * Whether a database error (or what caused it) is a unique-index violation (SQLSTATE 23505);
 * with `constraint`, a violation of that index only.
 */
export const isUniqueViolation = (error: unknown, constraint?: string): boolean =>
  errorsOf(error).some(
    (e) => e.code === '23505' && (constraint === undefined || e.constraint === constraint),
  );
