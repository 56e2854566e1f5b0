// GET /manage/admin/connector/{connector_id}/files (both dialects) and
// GET /manage/admin/connector/status (observed only).
import { canEditPair, canSeePair } from '../auth';
import type { Dialect } from '../dialects';
import { detailError, ok } from '../http';
import type { Route } from '../router';
import { DEFAULT_PAIR_ID, type Store } from '../store';
import type { ConnectorRecord } from '../types';
import { asInt, INVALID, type Issue } from '../validation';
import { credentialSnapshot } from './credentials';

const CONNECTOR_PY = '/app/onyx/server/documents/connector.py';

function connectorConfig(c: ConnectorRecord): Record<string, unknown> {
  if (c.source !== 'file') return c.config;
  return {
    file_locations: c.files.map((f) => f.fileId),
    file_names: c.files.flatMap((f) => (f.fileName === null ? [] : [f.fileName])),
    zip_metadata_file_id: null,
  };
}

export function connectorSnapshot(c: ConnectorRecord, store: Store, dialect: Dialect): Record<string, unknown> {
  return {
    id: c.id,
    name: c.name,
    source: c.source,
    input_type: c.inputType,
    connector_specific_config: connectorConfig(c),
    refresh_freq: c.refreshFreq,
    prune_freq: c.pruneFreq,
    indexing_start: null,
    credential_ids: [...store.pairs.values()].filter((p) => p.connectorId === c.id).map((p) => p.credentialId),
    time_created: dialect.awareTime(c.timeCreated),
    time_updated: dialect.awareTime(c.timeUpdated),
  };
}

export const listConnectorFiles: Route = {
  method: 'GET',
  path: '/manage/admin/connector/{connector_id}/files',
  gate: 'manageConnectors',
  body: 'none',
  where: { file: CONNECTOR_PY, line: 441, fn: 'list_connector_files' },
  handle({ store, dialect, params, invalid }) {
    const issues: Issue[] = [];
    const id = asInt(params.connector_id, ['path', 'connector_id'], issues);
    if (id === INVALID) throw invalid(issues);
    const connector = store.connectors.get(id);
    if (!connector) throw detailError(404, 'Connector not found');
    if (connector.source !== 'file') throw detailError(400, 'This endpoint only works with file connectors');
    if (![...store.pairs.values()].some((p) => p.connectorId === id)) {
      throw detailError(404, 'No Connector-Credential Pair found for this connector');
    }
    return ok({
      files: connector.files.map((f) => ({
        file_id: f.fileId,
        file_name: f.fileName ?? f.fileId,
        file_size: f.size,
        upload_date: f.uploadedAt ? dialect.isoformatTime(f.uploadedAt) : null,
      })),
    });
  },
};

export const connectorStatus: Route = {
  method: 'GET',
  path: '/manage/admin/connector/status',
  gate: 'readConnectorsScoped',
  body: 'none',
  where: { file: CONNECTOR_PY, line: 903, fn: 'get_connector_status' },
  handle({ store, dialect, principal }) {
    const visible = [...store.pairs.values()].filter((p) => p.id !== DEFAULT_PAIR_ID && canSeePair(principal, p));
    return ok(visible.flatMap((pair) => {
      const connector = store.connectors.get(pair.connectorId);
      const credential = store.credentials.get(pair.credentialId);
      if (!connector || !credential) return [];
      return [{
        cc_pair_id: pair.id,
        name: pair.name,
        connector: connectorSnapshot(connector, store, dialect),
        credential: credentialSnapshot(credential, store, dialect),
        access_type: pair.accessType,
        groups: pair.groups,
      }];
    }));
  },
};

// GET /manage/admin/cc-pair/{cc_pair_id} (observed only): the pair's full info, here the fields a client reads.
// A pair this caller may not see answers as one that does not exist.
export const getPair: Route = {
  method: 'GET',
  path: '/manage/admin/cc-pair/{cc_pair_id}',
  gate: 'readConnectorsScoped',
  body: 'none',
  where: { file: '/app/onyx/server/documents/cc_pair.py', line: 337, fn: 'get_cc_pair_full_info' },
  handle({ store, dialect, params, invalid, principal }) {
    const issues: Issue[] = [];
    const id = asInt(params.cc_pair_id, ['path', 'cc_pair_id'], issues);
    if (id === INVALID) throw invalid(issues);
    const pair = store.pairs.get(id);
    if (!pair || !canSeePair(principal, pair)) throw dialect.coded(404, 'NOT_FOUND', 'CC Pair not found for current user permissions');
    const connector = store.connectors.get(pair.connectorId);
    return ok({
      id: pair.id,
      name: pair.name,
      access_type: pair.accessType,
      connector: connector ? connectorSnapshot(connector, store, dialect) : null,
      is_editable_for_current_user: canEditPair(principal, pair),
    });
  },
};
