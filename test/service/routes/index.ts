// The route table of each dialect. The spec dialect serves the routes the specification documents, and the
// real server's list and delete routes beside its own ingestion route.
import type { Dialect } from '../dialects';
import type { Route } from '../router';
import { connectorStatus, getPair, listConnectorFiles } from './connectors';
import { getCredential, listCredentials, patchCredential } from './credentials';
import { besideIngestion, ingestRoute } from './ingestion';
import { me } from './me';
import { uploadRoute } from './upload';
import { searchRoutes } from './search';
import { fileStatuses } from './userFiles';

export function routesFor(dialect: Dialect): Route[] {
  const common = [
    listConnectorFiles, patchCredential, fileStatuses,
    ingestRoute('/' + dialect.ingestionPath), uploadRoute('/' + dialect.uploadPath),
    ...besideIngestion('/' + dialect.ingestionPath.replace(/\/ingestion$/, '')),
    // The specification names no search; both dialects serve the real server's routes, as they do its listings.
    ...searchRoutes,
  ];
  if (dialect.name === 'spec') return common;
  return [...common, connectorStatus, getPair, listCredentials, getCredential, me];
}
