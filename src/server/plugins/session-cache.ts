/**
 * A 2-second memory of recently seen sessions, so a busy signed-in page does not cost a database
 * round trip per call. This process forgets an entry the moment it ends or changes the session or
 * its user; another process may serve the old state for at most `ttlMs` (decision 003).
 */
const ttlMs = 2000;
const maxEntries = 10_000;

interface Entry<T> {
  value: T;
  userId: string;
  lastSeenAt: number;
  storedAt: number;
}

const entries = new Map<string, Entry<unknown>>();

export function recallSession<T>(sessionId: string): Entry<T> | undefined {
  const entry = entries.get(sessionId) as Entry<T> | undefined;
  if (entry && Date.now() - entry.storedAt > ttlMs) {
    entries.delete(sessionId);
    return undefined;
  }
  return entry;
}

export function rememberSession<T>(
  sessionId: string,
  entry: { value: T; userId: string; lastSeenAt: number },
): void {
  if (entries.size >= maxEntries) entries.clear();
  entries.set(sessionId, { ...entry, storedAt: Date.now() });
}

export const forgetSession = (sessionId: string) => entries.delete(sessionId);

/** After a change to a user (details, password, deletion), every cached session of theirs goes. */
export function forgetUser(userId: string): void {
  for (const [id, entry] of entries) if (entry.userId === userId) entries.delete(id);
}
