import { createServer } from 'node:http';

/**
 * PayFast's server confirmation endpoint for tests: answers VALID or INVALID as the test says,
 * can be made to hang, and keeps the parameter strings it was asked about.
 */
export async function startPayfastStandIn() {
  let answer: 'VALID' | 'INVALID' = 'VALID';
  let held: (() => void)[] | null = null;
  const asked: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      asked.push(body);
      const reply = () => response.writeHead(200, { 'content-type': 'text/plain' }).end(answer);
      if (held) held.push(reply);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    validateUrl: `http://127.0.0.1:${port}/eng/query/validate`,
    asked,
    answer(next: 'VALID' | 'INVALID') {
      answer = next;
    },
    /** Keeps confirmation requests waiting (a slow PayFast) until `release()`. */
    hold() {
      held = [];
    },
    release() {
      const waiting = held ?? [];
      held = null;
      waiting.forEach((reply) => reply());
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
