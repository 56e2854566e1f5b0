// The two dialects (docs/architecture.md#dialects): where the specification and the real server
// differ in paths, error bodies, enums and timestamp formats.
import { HttpError } from './http';
import { pyIsoformat, pyRepr, pyTupleRepr } from './pyformat';
import type { DialectName, FileKind } from './types';
import type { Issue } from './validation';

/** Where a handler "lives" on the real server; printed in the observed 422 message. */
export interface PyLocation {
  file: string;
  line: number;
  fn: string;
}

export interface ValidationContext {
  method: string;
  /** Route template relative to /api, e.g. `/onyx-api/ingestion`. */
  routePath: string;
  where: PyLocation;
}

export type AuthFailure = 'missing' | 'unknown' | 'session' | 'limited';

export interface Dialect {
  readonly name: DialectName;
  readonly ingestionPath: string;
  readonly uploadPath: string;
  /** Allowed `source` values. */
  readonly sources: readonly string[];
  /** Document ids are normalised with make_url_compatible (observed) or stored as sent (spec). */
  readonly normalisesIds: boolean;
  /** The statuses route returns DELETING files (spec: "any status") or omits them (observed). */
  readonly statusesIncludeDeleting: boolean;
  /** Credential responses mask secrets (observed) or echo them (spec). */
  readonly masksCredentials: boolean;
  authFailure(kind: AuthFailure): HttpError;
  /** Authenticated, but missing the permission. */
  forbidden(detail?: string): HttpError;
  /** An OnyxError (observed `{error_code, detail}`; spec `{detail}`). */
  coded(status: number, code: string, detail: string): HttpError;
  /** A ValueError inside a handler (observed 400 `{message}`; spec 400 `{detail}`). */
  valueError(message: string): HttpError;
  validation(issues: Issue[], ctx: ValidationContext): HttpError;
  /** A timestamptz field as the JSON serialiser prints it. */
  awareTime(d: Date): string;
  /** A timestamp-without-time-zone field (user files' created_at). */
  naiveTime(d: Date): string;
  /** A datetime printed with Python's isoformat() (connector files' upload_date). */
  isoformatTime(d: Date): string;
  chatFileType(kind: FileKind): string;
}

const SPEC_SOURCES = [
  'ingestion_api', 'slack', 'web', 'google_drive', 'gmail', 'requesttracker', 'github', 'gitbook', 'gitlab', 'guru',
  'bookstack', 'outline', 'confluence', 'jira', 'slab', 'productboard', 'file', 'coda', 'notion', 'zulip', 'linear',
  'hubspot', 'document360', 'gong', 'google_sites', 'zendesk', 'loopio', 'dropbox', 'sharepoint', 'teams',
  'salesforce', 'discourse', 'axero', 'clickup', 'mediawiki', 'wikipedia', 'asana', 's3', 'r2',
  'google_cloud_storage', 'oci_storage', 'xenforo', 'not_applicable', 'discord', 'freshdesk', 'fireflies', 'egnyte',
  'airtable', 'highspot', 'drupal_wiki', 'imap', 'bitbucket', 'testrail', 'mock_connector', 'user_file',
] as const;

const OBSERVED_SOURCES = [
  ...SPEC_SOURCES.filter((s) => s !== 'requesttracker'), 'canvas', 'box', 'braintrust', 'lumapps', 'craft_file',
];

const PERMISSION_DETAIL = 'You do not have the required permissions for this action.';

function pyIssue(i: Issue): string {
  let s = `{'type': ${pyRepr(i.type)}, 'loc': ${pyTupleRepr(i.loc)}, 'msg': ${pyRepr(i.msg)}, 'input': ${pyRepr(i.input)}`;
  if (i.ctx) s += `, 'ctx': ${pyRepr(i.ctx)}`;
  return s + '}';
}

/** str(RequestValidationError) as FastAPI 0.133 prints it, flattened as the real server's handler does. */
export function observedValidationMessage(issues: Issue[], ctx: ValidationContext): string {
  const n = issues.length;
  let text = `${n} validation error${n === 1 ? '' : 's'}:\n`;
  for (const i of issues) text += `  ${pyIssue(i)}\n`;
  text += `\n  File "${ctx.where.file}", line ${ctx.where.line}, in ${ctx.where.fn}\n    ${ctx.method} ${ctx.routePath}`;
  return text.replaceAll('\n', ' ').replaceAll('   ', ' ');
}

const observed: Dialect = {
  name: 'observed',
  ingestionPath: 'onyx-api/ingestion',
  uploadPath: 'user/projects/file/upload',
  sources: OBSERVED_SOURCES,
  normalisesIds: true,
  statusesIncludeDeleting: false,
  masksCredentials: true,
  authFailure(kind) {
    switch (kind) {
      case 'session':
        return new HttpError(403, { error_code: 'SESSION_UNRECOGNIZED', detail: 'Session not recognized. Please log in again.' });
      case 'limited':
        return new HttpError(403, { detail: 'Access denied. User has limited permissions.' });
      default:
        return new HttpError(403, { detail: 'Access denied. User is not authenticated.' });
    }
  },
  forbidden(detail = PERMISSION_DETAIL) {
    return new HttpError(403, { error_code: 'INSUFFICIENT_PERMISSIONS', detail });
  },
  coded(status, code, detail) {
    return new HttpError(status, { error_code: code, detail });
  },
  valueError(message) {
    return new HttpError(400, { message });
  },
  validation(issues, ctx) {
    return new HttpError(422, { status_code: 422, message: observedValidationMessage(issues, ctx), data: null });
  },
  awareTime: (d) => pyIsoformat(d, 'Z'),
  naiveTime: (d) => pyIsoformat(d, ''),
  isoformatTime: (d) => pyIsoformat(d, '+00:00'),
  chatFileType: (kind) => kind,
};

const spec: Dialect = {
  name: 'spec',
  ingestionPath: 'service-api/ingestion',
  uploadPath: 'user/file/upload',
  sources: SPEC_SOURCES,
  normalisesIds: false,
  statusesIncludeDeleting: true,
  masksCredentials: false,
  authFailure(kind) {
    if (kind === 'limited') return new HttpError(403, { detail: PERMISSION_DETAIL });
    return new HttpError(401, { detail: 'Not authenticated' }, { 'www-authenticate': 'Bearer' });
  },
  forbidden(detail = PERMISSION_DETAIL) {
    return new HttpError(403, { detail });
  },
  coded(status, _code, detail) {
    return new HttpError(status, { detail });
  },
  valueError(message) {
    return new HttpError(400, { detail: message });
  },
  validation(issues) {
    return new HttpError(422, {
      detail: issues.map((i) => ({ type: i.type, loc: i.loc, msg: i.msg, input: i.input ?? null, ...(i.ctx ? { ctx: i.ctx } : {}) })),
    });
  },
  awareTime: (d) => d.toISOString(),
  naiveTime: (d) => d.toISOString(),
  isoformatTime: (d) => d.toISOString(),
  chatFileType: (kind) => (kind === 'tabular' ? 'csv' : kind),
};

export function dialectFor(name: DialectName): Dialect {
  return name === 'spec' ? spec : observed;
}
