/**
 * A counting HTTP proxy for tests (node:http only): CONNECT tunnels, as undici's ProxyAgent and VS Code use for every
 * target, and plain forward requests (an absolute URL). A tunnel that carries plain HTTP is read request by request,
 * so `requests` counts each request it carried; a tunnel that carries TLS is piped through and counted in `tunnels`.
 *
 *   const proxy = await startProxy();                       // 127.0.0.1, free port
 *   const proxy = await startProxy({ refuse: 407 });        // answers every CONNECT and request with 407 (403, 502)
 *   const proxy = await startProxy({ credentials: 'user:secret' });   // 407 unless Proxy-Authorization matches
 *   proxy.url, proxy.requests (each {method, target, path}), proxy.tunnels (each CONNECT's host:port), proxy.close()
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface ProxiedRequest {
  method: string;
  /** host:port the request was for. */
  target: string;
  path: string;
}

export interface TestProxy {
  url: string;
  port: number;
  requests: ProxiedRequest[];
  tunnels: string[];
  /** CONNECTs and forward requests answered with the refusal. */
  refused: number;
  close(): Promise<void>;
}

export interface ProxyOptions {
  /** Answer every CONNECT and forward request with this status (407 asks for credentials; 502: cannot reach it). */
  refuse?: 403 | 407 | 502;
  /** `user:password` the proxy asks for (Basic); wrong or none: 407. */
  credentials?: string;
}

export async function startProxy(options: ProxyOptions = {}): Promise<TestProxy> {
  const requests: ProxiedRequest[] = [];
  const tunnels: string[] = [];
  const sockets = new Set<net.Socket>();
  /** The tunnel's target by the local port of its hop to the inner server. */
  const tunnelTarget = new Map<number, string>();
  let refused = 0;
  const agent = new http.Agent({ keepAlive: true });

  const refusal = (headers: http.IncomingHttpHeaders): number | undefined => {
    if (options.refuse) return options.refuse;
    if (options.credentials === undefined) return undefined;
    const expected = `Basic ${Buffer.from(options.credentials).toString('base64')}`;
    return headers['proxy-authorization'] === expected ? undefined : 407;
  };

  /** Sends one request on to `target` (host:port) and its answer back. */
  const forward = (req: http.IncomingMessage, res: http.ServerResponse, target: string, path: string) => {
    requests.push({ method: req.method ?? '', target, path });
    const [host, port] = splitTarget(target);
    const headers = { ...req.headers };
    delete headers['proxy-authorization'];
    delete headers['proxy-connection'];
    const upstream = http.request({ host, port, method: req.method, path, headers, agent }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  };

  // Reads the plain HTTP that goes through a tunnel, one request at a time.
  const inner = http.createServer((req, res) => forward(req, res, tunnelTarget.get(req.socket.remotePort ?? 0) ?? '', req.url ?? '/'));
  inner.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => inner.listen(0, '127.0.0.1', resolve));
  const innerPort = (inner.address() as AddressInfo).port;

  const server = http.createServer((req, res) => {
    const status = refusal(req.headers);
    if (status) {
      refused++;
      res.writeHead(status, status === 407 ? { 'proxy-authenticate': 'Basic realm="test"' } : {}).end();
      return;
    }
    const url = new URL(req.url ?? '/');
    forward(req, res, url.host, `${url.pathname}${url.search}`);
  });
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const status = refusal(req.headers);
    if (status) {
      refused++;
      client.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\n${status === 407 ? 'Proxy-Authenticate: Basic realm="test"\r\n' : ''}Content-Length: 0\r\n\r\n`);
      return;
    }
    const target = req.url ?? '';
    tunnels.push(target);
    client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
    const start = (first: Buffer) => {
      // TLS: nothing to read inside, the bytes go to the target. Plain HTTP: through the inner server, which
      // counts and forwards each request (it learns the target from the port the hop comes from).
      const tls = first[0] === 0x16;
      const [host, port] = tls ? splitTarget(target) : ['127.0.0.1', innerPort];
      const upstream = net.connect(port, host, () => {
        if (!tls) tunnelTarget.set(upstream.localPort ?? 0, target);
        upstream.write(first);
        client.pipe(upstream).pipe(client);
      });
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
      sockets.add(upstream);
      upstream.once('close', () => sockets.delete(upstream));
    };
    if (head.length) start(head);
    else client.once('data', (chunk: Buffer) => { client.pause(); start(chunk); });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    tunnels,
    get refused() {
      return refused;
    },
    close: async () => {
      for (const s of sockets) s.destroy();
      agent.destroy();
      await Promise.all([inner, server].map((s) => new Promise<void>((resolve) => s.close(() => resolve()))));
    },
  };
}

function splitTarget(target: string): [string, number] {
  const m = /^\[?([^\]]+?)\]?:(\d+)$/.exec(target);
  return m ? [m[1]!, Number(m[2])] : [target, 80];
}
