/** Whether a database error (or what caused it) is a unique-index violation (SQLSTATE 23505). */
export const isUniqueViolation = (error: unknown): boolean => {
  const cause = error instanceof Error && 'cause' in error ? error.cause : undefined;
  return [error, cause].some(
    (e) => typeof e === 'object' && e !== null && 'code' in e && e.code === '23505',
  );
};
