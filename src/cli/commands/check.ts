// The modules themselves, not the index: it re-exports every schema, and `check` loads no zod (issue 37).
import { isServiceError, NotFoundError, PermissionError } from '../../core/api/errors';
import type { ServiceError } from '../../core/api/errors';
import { apiAddressCandidates, probeServer } from '../../core/api/probe';
import { resolveConfig } from '../config';
import { EXIT, exitCodeOf } from '../exitCodes';
import type { CliIo } from '../io';
import { COMMON, COMMON_HELP } from '../options';
import { parse } from '../parse';
import { openSession, requireServer } from '../session';
import { forCommandLine } from '../wording';
import type { Command } from './command';

interface Step {
  check: 'server' | 'key' | 'route' | 'pair';
  ok: boolean;
  detail: string;
}

export const check: Command = {
  name: 'check',
  help: `Usage: doc-ingest check [options]

Checks, in order, stopping at the first failure:
  server  the address answers and is the service's API (asked without the key), with the server's version
          when it tells (GET version)
  key     the server accepts DOC_INGEST_API_KEY
  route   the ingestion route exists and the key may use it (an empty request, refused as invalid)
  pair    the connector-credential pair exists and the key may ingest into it (when the server can say)

Options:
${COMMON_HELP}

Exit codes: 0 all checks passed; 2 usage or configuration (no server or key, no such pair); 3 the key is refused
or may not ingest; 4 the server is unreachable, not the API, or has no ingestion route.
`,
  async run(args, io) {
    const { values } = parse('check', args, COMMON);
    if (values.help) {
      io.stdout.write(this.help);
      return EXIT.ok;
    }
    const config = await resolveConfig(values as Parameters<typeof resolveConfig>[0], io.env, io.cwd);
    requireServer(config);
    const session = openSession(config, io, 2);
    const steps: Step[] = [];
    const json = !!values.json;
    const done = (exitCode: number) => report(io, steps, exitCode, json);
    try {
      const verdict = await probeServer(session.http.fetch, session.baseUrl);
      if (verdict.kind !== 'api') {
        const candidates = verdict.kind === 'notApi' ? apiAddressCandidates(session.baseUrl) : [];
        const hint = candidates.length ? ` Did you mean ${candidates.join(' or ')}?` : '';
        steps.push({ check: 'server', ok: false, detail: forCommandLine(verdict.error.message) + hint });
        return done(EXIT.server);
      }
      // Which server answers decides its search route (findability); a server without the route just goes unnamed.
      const version = await session.client.version().catch(() => undefined);
      steps.push({ check: 'server', ok: true, detail: `${session.baseUrl} is the service's API${version ? ` (server version ${version})` : ''}` });
      const failed = (step: Step['check'], e: unknown) => {
        if (!isServiceError(e)) throw e;
        steps.push({ check: step, ok: false, detail: forCommandLine(e.message) });
        return done(exitCodeOf(e.kind, (e as ServiceError).setting));
      };
      try {
        await session.client.checkKey();
        steps.push({ check: 'key', ok: true, detail: 'the key is accepted' });
      } catch (e) {
        return failed('key', e);
      }
      try {
        const route = await session.client.findIngestionRoute();
        steps.push({ check: 'route', ok: true, detail: `POST ${route} exists and the key may use it` });
      } catch (e) {
        return failed('route', e);
      }
      if (config.ccPairId === undefined) {
        steps.push({ check: 'pair', ok: true, detail: 'no pair given (--cc-pair-id): documents go to the server\'s default pair' });
        return done(EXIT.ok);
      }
      try {
        const pair = await session.client.getPair(config.ccPairId);
        if (!pair) {
          steps.push({ check: 'pair', ok: true, detail: `pair ${config.ccPairId} not checked: this server offers no pair lookup; the first ingestion will tell` });
        } else if (pair.is_editable_for_current_user === false) {
          steps.push({ check: 'pair', ok: false, detail: `the key may not ingest into pair ${config.ccPairId}${pair.name ? ` (${pair.name})` : ''}: use a key with access to it, or another --cc-pair-id.` });
          return done(EXIT.auth);
        } else {
          steps.push({ check: 'pair', ok: true, detail: `pair ${pair.id}${pair.name ? ` (${pair.name})` : ''} exists` });
        }
      } catch (e) {
        if (e instanceof PermissionError) {
          steps.push({ check: 'pair', ok: true, detail: `pair ${config.ccPairId} not checked: this key may not look pairs up; the first ingestion will tell` });
        } else if (e instanceof NotFoundError && e.what === 'object') {
          steps.push({ check: 'pair', ok: false, detail: `there is no pair ${config.ccPairId} on this server (or this key may not see it): check --cc-pair-id (DOC_INGEST_CC_PAIR_ID).` });
          return done(EXIT.usage);
        } else {
          return failed('pair', e);
        }
      }
      return done(EXIT.ok);
    } finally {
      await session.close();
    }
  },
};

function report(io: CliIo, steps: Step[], exitCode: number, json: boolean): number {
  if (json) {
    io.stdout.write(`${JSON.stringify({ version: 1, command: 'check', checks: steps, exitCode }, null, 2)}\n`);
  } else {
    for (const s of steps) io.stdout.write(`${s.ok ? 'ok  ' : 'FAIL'}  ${s.check.padEnd(6)}  ${s.detail}\n`);
  }
  return exitCode;
}
