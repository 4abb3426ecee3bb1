/**
 * Throwaway certificates for the EPP stand-in, made with the openssl CLI: a CA, a server
 * certificate for 127.0.0.1 and a client certificate it signed, plus a client certificate from
 * another CA (one the stand-in must refuse).
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface EppCertificates {
  dir: string;
  caFile: string;
  serverCertFile: string;
  serverKeyFile: string;
  clientCertFile: string;
  clientKeyFile: string;
  strangerCertFile: string;
  strangerKeyFile: string;
}

const openssl = (args: string[], cwd: string) =>
  execFileSync('/usr/bin/openssl', args, { cwd, stdio: 'pipe', timeout: 20_000 });

const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];

function signed(dir: string, name: string, ca: string, subject: string, ext: string): void {
  openssl(
    ['req', ...ecKey, '-keyout', `${name}.key`, '-out', `${name}.csr`, '-subj', subject],
    dir,
  );
  writeFileSync(join(dir, `${name}.ext`), ext);
  openssl(
    [
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      `${ca}.crt`,
      '-CAkey',
      `${ca}.key`,
      '-CAcreateserial',
      '-out',
      `${name}.crt`,
      '-days',
      '2',
      '-extfile',
      `${name}.ext`,
    ],
    dir,
  );
}

export function makeEppCertificates(): EppCertificates {
  const dir = mkdtempSync(join(tmpdir(), 'epp-certs-'));
  authority(dir, 'ca', '/CN=EPP test CA');
  authority(dir, 'stranger-ca', '/CN=Someone else');
  signed(dir, 'server', 'ca', '/CN=127.0.0.1', 'subjectAltName=IP:127.0.0.1\n');
  signed(dir, 'client', 'ca', '/CN=ClientX', 'extendedKeyUsage=clientAuth\n');
  signed(dir, 'stranger', 'stranger-ca', '/CN=ClientX', 'extendedKeyUsage=clientAuth\n');
  const file = (name: string) => join(dir, name);
  return {
    dir,
    caFile: file('ca.crt'),
    serverCertFile: file('server.crt'),
    serverKeyFile: file('server.key'),
    clientCertFile: file('client.crt'),
    clientKeyFile: file('client.key'),
    strangerCertFile: file('stranger.crt'),
    strangerKeyFile: file('stranger.key'),
  };
}

function authority(dir: string, name: string, subject: string): void {
  openssl(
    [
      'req',
      '-x509',
      ...ecKey,
      '-keyout',
      `${name}.key`,
      '-out',
      `${name}.crt`,
      '-days',
      '2',
      '-subj',
      subject,
    ],
    dir,
  );
}
