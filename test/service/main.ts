// Runs the local service on its own, for trying the extension without a real server:
//   node out/test/service/main.js [--dialect spec|observed] [--port N] [--seed test|demo] [--quiet]
// Defaults: observed dialect, demo seed, port 8787 (a free port when 8787 is taken). Stops on Ctrl+C.
import { startService } from './index';
import type { DialectName, LocalService, RequestRecord, SeedName } from './types';

interface Args {
  dialect: DialectName;
  seed: SeedName;
  port: number | undefined;
  quiet: boolean;
}

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: main.js [--dialect spec|observed] [--port N] [--seed test|demo] [--quiet]\n`);
  process.exit(2);
}

function parseArgs(argv: string[]): Args {
  const args: Args = { dialect: 'observed', seed: 'demo', port: undefined, quiet: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? '').split(/=(.*)/s);
    const value = (): string => inline ?? argv[++i] ?? usage(`${flag} needs a value`);
    if (flag === '--dialect') {
      const v = value();
      if (v !== 'spec' && v !== 'observed') usage(`unknown dialect ${v}`);
      args.dialect = v;
    } else if (flag === '--seed') {
      const v = value();
      if (v !== 'test' && v !== 'demo') usage(`unknown seed ${v}`);
      args.seed = v;
    } else if (flag === '--port') {
      const v = Number(value());
      if (!Number.isInteger(v) || v < 0 || v > 65535) usage('--port takes a number from 0 to 65535');
      args.port = v;
    } else if (flag === '--quiet') {
      args.quiet = true;
    } else if (flag === '--help' || flag === '-h') {
      usage('Runs the Doc Ingest local service.');
    } else {
      usage(`unknown argument ${flag}`);
    }
  }
  return args;
}

async function start(args: Args): Promise<LocalService> {
  const onResponse = args.quiet ? undefined : (r: RequestRecord): void => {
    process.stdout.write(`${r.time.toISOString()} ${r.method} ${r.path} -> ${r.status ?? 'dropped'}\n`);
  };
  const options = { dialect: args.dialect, seed: args.seed, onResponse };
  if (args.port !== undefined) return startService({ ...options, port: args.port });
  try {
    return await startService({ ...options, port: 8787 });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw e;
    return startService({ ...options, port: 0 });
  }
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const service = await start(args);
  const others = (['curator', 'groupManager', 'basic', 'basic2', 'limited'] as const)
    .map((n) => `    ${n.padEnd(13)} ${service.keys[n]}  (${service.users[n].email})`).join('\n');
  process.stdout.write(`
Doc Ingest local service: ${service.dialect} dialect, ${args.seed} seed

  Server URL (docIngest.baseUrl):  ${service.baseUrl}
  Ingestion path (docIngest.ingestionPath):  ${service.ingestionPath}
  Demo API key (admin):            ${service.keys.admin}

  Other keys:
${others}

  File connectors: 2 "Product docs" (pair 2), 3 "Handbook" (pair 3). Everything is in memory.
  Press Ctrl+C to stop.

`);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    process.stdout.write('\nStopping.\n');
    void service.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  process.stderr.write(`local service failed to start: ${e instanceof Error ? e.message : String(e)}\n`);
  process.exit(1);
});
