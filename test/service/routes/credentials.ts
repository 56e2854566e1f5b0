// PATCH /manage/credential/{credential_id} (both dialects); GET /manage/credential and
// GET /manage/credential/{credential_id} (observed only).
import { hasGlobalManage } from '../auth';
import type { Dialect } from '../dialects';
import { detailError, type HttpError, ok } from '../http';
import { maskCredentialJson } from '../masking';
import type { HandlerContext, Route } from '../router';
import type { Principal, Store } from '../store';
import type { CredentialRecord } from '../types';
import { asBool, asDict, asEnum, asInt, asList, asStr, bodyObject, field, INVALID, type Issue, valid } from '../validation';

const CREDENTIAL_PY = '/app/onyx/server/documents/credential.py';

/** Sources whose credentials every global connector manager sees on the real server. */
const SHARED_SOURCES = new Set(['file', 'web', 'not_applicable', 'google_sites', 'wikipedia', 'mediawiki']);

export function credentialSnapshot(
  c: CredentialRecord, store: Store, dialect: Dialect, opts: { fromPatch?: boolean } = {},
): Record<string, unknown> {
  const observed = dialect.name === 'observed';
  return {
    credential_json: dialect.masksCredentials ? maskCredentialJson(c.credentialJson) : c.credentialJson,
    admin_public: c.adminPublic,
    source: c.source,
    name: c.name,
    curator_public: c.curatorPublic,
    groups: observed ? [] : c.groups,
    id: c.id,
    user_id: c.userId,
    user_email: observed && opts.fromPatch ? null : store.userById(c.userId)?.email ?? null,
    time_created: dialect.awareTime(c.timeCreated),
    time_updated: dialect.awareTime(c.timeUpdated),
  };
}

/** Spec: own credentials only. Observed: global managers also see public, admin-public and shared-source ones. */
function visible(c: CredentialRecord, p: Principal, dialect: Dialect): boolean {
  if (c.userId === p.user.id) return true;
  if (dialect.name === 'spec' || !hasGlobalManage(p)) return false;
  return c.userId === null || c.adminPublic || SHARED_SOURCES.has(c.source);
}

function notFound(dialect: Dialect, id: number): HttpError {
  return detailError(dialect.name === 'observed' ? 401 : 404, `Credential ${id} does not exist or does not belong to user`);
}

function credentialId(ctx: HandlerContext, issues: Issue[]): number | typeof INVALID {
  return asInt(ctx.params.credential_id, ['path', 'credential_id'], issues);
}

function lookup(ctx: HandlerContext, id: number): CredentialRecord {
  const c = ctx.store.credentials.get(id);
  if (!c || !visible(c, ctx.principal, ctx.dialect)) throw notFound(ctx.dialect, id);
  return c;
}

interface PatchBody {
  credentialJson?: Record<string, unknown>;
  adminPublic?: boolean;
  source?: string;
  name?: string | null;
  curatorPublic?: boolean;
  groups?: number[];
}

/** The credential body. Observed: CredentialBase, with credential_json, admin_public and source required. */
function parsePatchBody(json: unknown, dialect: Dialect, issues: Issue[]): PatchBody | undefined {
  const body = bodyObject(json, issues);
  if (!body) return undefined;
  const required = dialect.name === 'observed';
  const loc = ['body'];
  return {
    credentialJson: valid(field(body, 'credential_json', loc, asDict, issues, { required })) ?? undefined,
    adminPublic: valid(field(body, 'admin_public', loc, asBool, issues, { required })) ?? undefined,
    source: valid(field(body, 'source', loc, asEnum(dialect.sources), issues, { required })) ?? undefined,
    name: valid(field(body, 'name', loc, asStr, issues, { nullable: true })),
    curatorPublic: valid(field(body, 'curator_public', loc, asBool, issues)) ?? undefined,
    groups: valid(field(body, 'groups', loc, asList(asInt), issues)) ?? undefined,
  };
}

/** Observed: only credential_json is used (replaced whole), and the caller becomes the owner. Spec: every field given. */
function applyPatch(c: CredentialRecord, patch: PatchBody, caller: Principal, dialect: Dialect): void {
  if (patch.credentialJson) c.credentialJson = patch.credentialJson;
  if (dialect.name === 'observed') {
    c.userId = caller.user.id;
  } else {
    c.adminPublic = patch.adminPublic ?? c.adminPublic;
    c.source = patch.source ?? c.source;
    if (patch.name !== undefined) c.name = patch.name;
    c.curatorPublic = patch.curatorPublic ?? c.curatorPublic;
    c.groups = patch.groups ?? c.groups;
  }
  c.timeUpdated = new Date();
}

export const patchCredential: Route = {
  method: 'PATCH',
  path: '/manage/credential/{credential_id}',
  gate: 'basic',
  body: 'json',
  where: { file: CREDENTIAL_PY, line: 376, fn: 'update_credential_from_model' },
  handle(ctx) {
    const issues: Issue[] = [];
    const id = credentialId(ctx, issues);
    const patch = parsePatchBody(ctx.json, ctx.dialect, issues);
    if (id === INVALID || !patch || issues.length) throw ctx.invalid(issues);
    const c = lookup(ctx, id);
    applyPatch(c, patch, ctx.principal, ctx.dialect);
    return ok(credentialSnapshot(c, ctx.store, ctx.dialect, { fromPatch: true }));
  },
};

export const listCredentials: Route = {
  method: 'GET',
  path: '/manage/credential',
  gate: 'basic',
  body: 'none',
  where: { file: CREDENTIAL_PY, line: 261, fn: 'list_credentials' },
  handle({ store, dialect, principal }) {
    return ok([...store.credentials.values()].filter((c) => visible(c, principal, dialect)).map((c) => credentialSnapshot(c, store, dialect)));
  },
};

export const getCredential: Route = {
  method: 'GET',
  path: '/manage/credential/{credential_id}',
  gate: 'basic',
  body: 'none',
  where: { file: CREDENTIAL_PY, line: 276, fn: 'get_credential_by_id' },
  handle(ctx) {
    const issues: Issue[] = [];
    const id = credentialId(ctx, issues);
    if (id === INVALID) throw ctx.invalid(issues);
    return ok(credentialSnapshot(lookup(ctx, id), ctx.store, ctx.dialect));
  },
};
