import { setTimeout as sleep } from 'node:timers/promises';
import { DEFAULT_STATUS_BATCH, FINAL_USER_FILE_STATUSES } from '../../core/api';
import type { UserFileRecord } from '../../core/api';
import { resolveConfig } from '../config';
import { EXIT } from '../exitCodes';
import { COMMON, COMMON_HELP } from '../options';
import { parse } from '../parse';
import { openSession } from '../session';
import { UsageError } from '../usageError';
import type { Command } from './command';

const FAILED = new Set(['FAILED', 'CANCELED']);

export const status: Command = {
  name: 'status',
  help: `Usage: doc-ingest status ID... [options]

Asks the server for the status of each user file id, in one request per ${DEFAULT_STATUS_BATCH.toLocaleString('en-US')} ids. Only files the key owns are
answered; any other id shows as "not found".

Options:
  --wait                 ask again until every file is in a final status
  --wait-timeout SECONDS give up waiting after this long (default 600)
${COMMON_HELP}

Exit codes: 0 every file found and none failed; 1 a file failed, was canceled, is not found, or (with --wait)
is still processing at the end; 2 usage or configuration; 3 the key; 4 the server.
`,
  async run(args, io) {
    const { values, positionals } = parse('status', args, { ...COMMON, wait: { type: 'boolean' }, 'wait-timeout': { type: 'string' } });
    if (values.help) {
      io.stdout.write(this.help);
      return EXIT.ok;
    }
    if (!positionals.length) throw new UsageError('status takes one or more user file ids. See: doc-ingest status --help');
    const waitSeconds = values.wait ? Number(values['wait-timeout'] ?? 600) : 0;
    if (!Number.isFinite(waitSeconds) || (values.wait && waitSeconds <= 0)) throw new UsageError(`--wait-timeout: “${values['wait-timeout']}” is not a number of seconds.`);
    const config = await resolveConfig(values as Parameters<typeof resolveConfig>[0], io.env, io.cwd);
    const session = openSession(config, io, 2);
    try {
      const ids = [...new Set(positionals)];
      const deadline = Date.now() + waitSeconds * 1000;
      let records = await session.client.getUserFileStatuses(ids);
      for (let delay = 1000; waitSeconds > 0 && !allFinal(ids, records) && Date.now() + delay <= deadline; delay = Math.min(delay * 1.5, 10_000)) {
        await sleep(delay);
        records = await session.client.getUserFileStatuses(ids);
      }
      const byId = new Map(records.map((r) => [r.id, r]));
      const rows = ids.map((id) => row(id, byId.get(id)));
      const exitCode = rows.some((r) => r.status === 'not found' || FAILED.has(r.status) || (waitSeconds > 0 && !FINAL_USER_FILE_STATUSES.has(r.status as never)))
        ? EXIT.someFailed
        : EXIT.ok;
      if (values.json) {
        io.stdout.write(`${JSON.stringify({ version: 1, command: 'status', files: rows, exitCode }, null, 2)}\n`);
      } else {
        const width = Math.max(2, ...rows.map((r) => r.id.length));
        const statusWidth = Math.max(6, ...rows.map((r) => r.status.length));
        io.stdout.write(`${'id'.padEnd(width)}  ${'status'.padEnd(statusWidth)}  name\n`);
        for (const r of rows) io.stdout.write(`${r.id.padEnd(width)}  ${r.status.padEnd(statusWidth)}  ${r.name ?? ''}`.trimEnd() + '\n');
      }
      return exitCode;
    } finally {
      await session.close();
    }
  },
};

function allFinal(ids: string[], records: UserFileRecord[]): boolean {
  const byId = new Map(records.map((r) => [r.id, r.status]));
  return ids.every((id) => {
    const s = byId.get(id);
    return s === undefined || FINAL_USER_FILE_STATUSES.has(s);
  });
}

function row(id: string, record: UserFileRecord | undefined): { id: string; status: string; name?: string; fileId?: string } {
  if (!record) return { id, status: 'not found' };
  return { id, status: record.status, ...(record.name ? { name: record.name } : {}), ...(record.file_id ? { fileId: record.file_id } : {}) };
}
