import { createServer } from 'node:http';

/**
 * What PayFast's validate endpoint may answer: its verdicts, and what it has been seen to do
 * besides (403 to some merchants since August 2025, 5xx pages, a dropped connection).
 */
export type ValidateAnswer =
  'VALID' | 'INVALID' | { status: number; body: string; contentType?: string } | 'drop';

/**
 * PayFast's server confirmation endpoint for tests: answers as the test says, can be made to
 * hang, and keeps the parameter strings it was asked about.
 */
export async function startPayfastStandIn() {
  let answer: ValidateAnswer = 'VALID';
  let held: (() => void)[] | null = null;
  const asked: string[] = [];
  const server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      asked.push(body);
      const reply = () => {
        if (answer === 'drop') return request.socket.destroy();
        const {
          status,
          body: text,
          contentType,
        } = typeof answer === 'string'
          ? { status: 200, body: answer, contentType: undefined }
          : answer;
        response.writeHead(status, { 'content-type': contentType ?? 'text/plain' }).end(text);
      };
      if (held) held.push(reply);
      else reply();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    validateUrl: `http://127.0.0.1:${port}/eng/query/validate`,
    asked,
    answer(next: ValidateAnswer) {
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
