// Who is calling (API key lookup per dialect), route gates, and the pair rules for scoped group managers.
import type { IncomingHttpHeaders } from 'node:http';
import type { AuthFailure, Dialect } from './dialects';
import type { Principal, Store } from './store';
import type { PairRecord } from './types';

/**
 * Route gates. `basic`: any signed-in user. `manageConnectors`: `manage:connectors` held globally (or admin).
 * `manageConnectorsScoped` / `readConnectorsScoped`: the same, or a group manager (the real server's
 * `allow_scope`); the handler then limits what they touch.
 */
export type Gate = 'basic' | 'manageConnectors' | 'manageConnectorsScoped' | 'readConnectorsScoped';

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  const s = Array.isArray(v) ? v[0] : v;
  return s === undefined || s.trim() === '' ? undefined : s.trim();
}

const KEY_PREFIXES = ['on_', 'dn_'];

/**
 * Spec: `Authorization: Bearer <key>` only. Observed: `X-Onyx-Authorization` first, then `Authorization`;
 * API keys also without `Bearer`; a bearer token without a known prefix and without a dot is taken for a
 * session token (SESSION_UNRECOGNIZED).
 */
export function authenticate(headers: IncomingHttpHeaders, store: Store, dialect: Dialect): Principal | AuthFailure {
  const raw = dialect.name === 'observed'
    ? header(headers, 'x-onyx-authorization') ?? header(headers, 'authorization')
    : header(headers, 'authorization');
  if (raw === undefined) return 'missing';
  const bearer = /^bearer\s+(\S.*)$/i.exec(raw);
  const token = bearer?.[1]?.trim() ?? raw;
  if (dialect.name === 'spec') {
    if (!bearer) return 'missing';
    return store.principalByKey(token) ?? 'unknown';
  }
  if (KEY_PREFIXES.some((p) => token.startsWith(p))) return store.principalByKey(token) ?? 'unknown';
  if (!bearer) return 'missing';
  if (!token.startsWith('onyx_pat_') && !token.includes('.')) return 'session';
  return 'unknown';
}

export function hasGlobalManage(p: Principal): boolean {
  return p.permissions.includes('admin') || p.permissions.includes('manage:connectors');
}

export function isGroupManager(p: Principal): boolean {
  return p.managedGroups.length > 0;
}

/** A service account without any permission (the real server refuses it everywhere). */
export function isLimited(p: Principal): boolean {
  return p.kind === 'service_account' && p.permissions.length === 0 && !isGroupManager(p);
}

/** Throws the dialect's 403 when the principal does not pass the gate. */
export function checkGate(gate: Gate, p: Principal, dialect: Dialect): void {
  // The spec's `basic` covers "any signed-in user or service account"; the real server refuses
  // service accounts without permissions before any gate.
  if (dialect.name === 'observed' && isLimited(p)) throw dialect.authFailure('limited');
  const allowed = {
    basic: () => true,
    manageConnectors: () => hasGlobalManage(p),
    manageConnectorsScoped: () => hasGlobalManage(p) || isGroupManager(p),
    readConnectorsScoped: () => hasGlobalManage(p) || p.permissions.includes('read:connectors') || isGroupManager(p),
  }[gate]();
  if (!allowed) throw dialect.forbidden();
}

/**
 * Whether the principal may edit (ingest into, delete from) a pair. Global managers: any. Group managers:
 * a non-public pair whose groups are all managed by them (at least one), or one they created with no group.
 */
export function canEditPair(p: Principal, pair: PairRecord): boolean {
  if (hasGlobalManage(p)) return true;
  if (!isGroupManager(p) || pair.accessType === 'public') return false;
  if (pair.groups.length === 0) return pair.creatorId === p.user.id;
  return pair.groups.every((g) => p.managedGroups.includes(g));
}

/** Whether a pair is listed for the principal: global managers see all; scoped ones public, sync and their groups'. */
export function canSeePair(p: Principal, pair: PairRecord): boolean {
  if (hasGlobalManage(p) || p.permissions.includes('read:connectors')) return true;
  return pair.accessType !== 'private' || pair.groups.some((g) => p.managedGroups.includes(g));
}
