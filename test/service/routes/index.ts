// The route table of each dialect. The spec dialect serves only the routes the specification documents.
import type { Dialect } from '../dialects';
import type { Route } from '../router';
import { connectorStatus, getPair, listConnectorFiles } from './connectors';
import { getCredential, listCredentials, patchCredential } from './credentials';
import { connectorDocs, deleteIngested, ingestRoute, listIngested } from './ingestion';
import { me } from './me';
import { uploadRoute } from './upload';
import { fileStatuses } from './userFiles';

export function routesFor(dialect: Dialect): Route[] {
  const common = [
    listConnectorFiles, patchCredential, fileStatuses,
    ingestRoute('/' + dialect.ingestionPath), uploadRoute('/' + dialect.uploadPath),
  ];
  if (dialect.name === 'spec') return common;
  return [...common, connectorStatus, getPair, listCredentials, getCredential, listIngested, deleteIngested, connectorDocs, me];
}
