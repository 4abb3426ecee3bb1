/**
 * The Node flags the server runs with (package.json's start script says the same; a test checks):
 * V8 grows the young generation to 3 × 32 MB under the allocations of a start and keeps it, which
 * was a third of an idle server's memory; 8 MB semi-spaces keep scavenges short and cheap.
 */
export const serverNodeFlags = ['--max-semi-space-size=8'];
