/**
 * The core's sentences name the editor's settings (`docIngest.ccPairId`); on the command line the same fix is a
 * flag or an environment variable. One table, so a new setting name shows up here or in the test that reads
 * every core sentence.
 */
import { untrustedCertificateAction, untrustedCertificateActionForCommandLine } from '../core/api/classify';

const FLAGS: Record<string, string> = {
  baseUrl: '--server (DOC_INGEST_BASE_URL)',
  ingestionPath: '--ingestion-path (DOC_INGEST_INGESTION_PATH)',
  ccPairId: '--cc-pair-id (DOC_INGEST_CC_PAIR_ID)',
  connectorIds: '--cc-pair-id (DOC_INGEST_CC_PAIR_ID)',
  maxFileSizeMB: '--max-file-size-mb',
  maxDocumentChars: '--max-document-chars (DOC_INGEST_MAX_DOCUMENT_CHARS)',
  'images.onProblem': '--images-on-problem',
  'images.maxSizeMB': '--images-max-size-mb (DOC_INGEST_IMAGES_MAX_SIZE_MB)',
  exclude: '--exclude (DOC_INGEST_EXCLUDE)',
  requestTimeoutSeconds: '--timeout (DOC_INGEST_TIMEOUT_SECONDS)',
  ingestTimeoutSeconds: '--timeout (DOC_INGEST_TIMEOUT_SECONDS)',
};

/**
 * `text` with each editor setting replaced by its command-line form. `systemCaFlag`: whether the Node that runs
 * doc-ingest has --use-system-ca (the running one's, unless told; docs/troubleshooting.md's table shows Node 20's
 * wording).
 */
export function forCommandLine(text: string, systemCaFlag = process.allowedNodeEnvironmentFlags.has('--use-system-ca')): string {
  const flag = (whole: string, key: string) => FLAGS[key] ?? whole;
  return text
    .replace(untrustedCertificateAction(), untrustedCertificateActionForCommandLine(systemCaFlag))
    .replace('the ingestion path setting (docIngest.ingestionPath)', FLAGS.ingestionPath!)
    .replace(/set docIngest\.images\.onProblem to skipImage/g, 'give --images-on-problem skip-image')
    // Inside parentheses already: "(--timeout or DOC_INGEST_TIMEOUT_SECONDS)", not parentheses in parentheses.
    .replace(/\((?:setting )?(?:docIngest\.)?(\w+(?:\.\w+)*)\)/g, (whole, key: string) => (FLAGS[key] ? `(${FLAGS[key].replace(/ \((\w+)\)$/, ' or $1')})` : whole))
    .replace(/(?:the )?setting docIngest\.(\w+(?:\.\w+)*)/g, flag)
    .replace(/docIngest\.(\w+(?:\.\w+)*)/g, flag)
    .replace('Set a valid API key for this server.', 'Set DOC_INGEST_API_KEY to a valid key for this server.')
    .replace('raise the timeout setting', 'raise --timeout')
    // The command line's root is the repository's, not an editor's workspace.
    .replace(/outside the workspace(?: folder)?/g, 'outside the repository root');
}
