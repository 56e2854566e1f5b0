/**
 * A private certificate authority for tests, made with openssl in a temporary folder (EC keys: milliseconds), and an
 * HTTPS front whose certificate it signed, in front of a plain HTTP server (the local service): the TLS is real,
 * what is behind it unchanged.
 *
 *   const ca = await makeTestCa();           // ca.caPem: the path to give NODE_EXTRA_CA_CERTS; ca.remove()
 *   const front = await startHttpsFront(ca, service.port);   // front.origin https://127.0.0.1:PORT; front.close()
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface TestCa {
  dir: string;
  /** The authority's certificate (PEM): what NODE_EXTRA_CA_CERTS names. */
  caPem: string;
  /** The server's certificate (for 127.0.0.1, 127.0.0.2 and localhost) and key, signed by the authority. */
  serverCert: string;
  serverKey: string;
  remove(): Promise<void>;
}

/** The authority made earlier in `dir` (by makeTestCa), e.g. by the process that started VS Code. */
export function testCaIn(dir: string): TestCa {
  const at = (name: string) => path.join(dir, name);
  return { dir, caPem: at('ca.pem'), serverCert: at('server.pem'), serverKey: at('server.key'), remove: () => rm(dir, { recursive: true, force: true }) };
}

export async function makeTestCa(): Promise<TestCa> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'doc-ingest-ca-'));
  const at = (name: string) => path.join(dir, name);
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  await run('openssl', ['req', '-x509', ...ec, '-keyout', at('ca.key'), '-out', at('ca.pem'), '-days', '2', '-subj', '/CN=Doc Ingest Test CA',
    '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign']);
  await run('openssl', ['req', ...ec, '-keyout', at('server.key'), '-out', at('server.csr'), '-subj', '/CN=127.0.0.1']);
  await writeFile(at('server.ext'), 'subjectAltName=IP:127.0.0.1,IP:127.0.0.2,DNS:localhost\nbasicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=serverAuth\n');
  await run('openssl', ['x509', '-req', '-in', at('server.csr'), '-CA', at('ca.pem'), '-CAkey', at('ca.key'), '-CAcreateserial', '-days', '2',
    '-extfile', at('server.ext'), '-out', at('server.pem')]);
  return { dir, caPem: at('ca.pem'), serverCert: at('server.pem'), serverKey: at('server.key'), remove: () => rm(dir, { recursive: true, force: true }) };
}

export interface HttpsFront {
  /** `https://127.0.0.1:PORT` */
  origin: string;
  port: number;
  /** TLS connections accepted (handshakes that succeeded). */
  connections: number;
  /** TCP connections accepted, those whose handshake the client gave up included. */
  attempts: number;
  close(): Promise<void>;
}

/**
 * Terminates TLS with the authority's server certificate and pipes each connection to 127.0.0.1:`targetPort`.
 * `host`: where it listens; 127.0.0.2 is loopback too, but not "localhost" to VS Code, whose proxy resolver sends
 * localhost, 127.0.0.1 and ::1 directly whatever http.proxy says.
 */
export async function startHttpsFront(ca: TestCa, targetPort: number, host = '127.0.0.1'): Promise<HttpsFront> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = tls.createServer({ key: await readFile(ca.serverKey), cert: await readFile(ca.serverCert) }, (secure) => {
    connections++;
    const plain = net.connect(targetPort, '127.0.0.1');
    for (const s of [secure, plain]) {
      sockets.add(s);
      s.once('close', () => sockets.delete(s));
      s.on('error', () => undefined);
    }
    secure.pipe(plain).pipe(secure);
    secure.once('close', () => plain.destroy());
    plain.once('close', () => secure.destroy());
  });
  server.on('tlsClientError', () => undefined); // a client that does not trust the certificate hangs up: expected
  let attempts = 0;
  server.on('connection', () => (attempts += 1));
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `https://${host}:${port}`,
    port,
    get connections() {
      return connections;
    },
    get attempts() {
      return attempts;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
