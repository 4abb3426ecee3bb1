import { createServer } from 'node:http';
import { startSmtpCatcher } from '../helpers/smtp-catcher.ts';

/**
 * The e2e run's mail server: the app delivers over real SMTP to it, and the tests read what
 * arrived from GET /messages (JSON) to follow the links.
 */
const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 5098);
const httpPort = Number(process.env.E2E_MAIL_PORT ?? 5097);

const smtp = await startSmtpCatcher(smtpPort);
const http = createServer((request, response) => {
  if (request.url?.startsWith('/messages')) {
    response.writeHead(200, { 'content-type': 'application/json' });
    // Headers (Reply-To, Message-ID) as an object: a Map would serialise to nothing.
    response.end(
      JSON.stringify(
        smtp.mails.map((mail) => ({ ...mail, headers: Object.fromEntries(mail.headers) })),
      ),
    );
    return;
  }
  response.writeHead(404).end();
});
http.listen(httpPort, '127.0.0.1');

const stop = () => {
  http.close();
  void smtp.close().then(() => process.exit(0));
};
process.once('SIGTERM', stop);
process.once('SIGINT', stop);
