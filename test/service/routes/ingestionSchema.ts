// Validation of the ingestion request body ({document, cc_pair_id}) per dialect.
// Observed: DocumentBase as on the real server (docs/architecture.md#ingestion) (metadata required, values turned into strings with
// Python str(), a non-object metadata is a 500, source optional). Spec: semantic_identifier, sections and
// source required; metadata optional but strictly strings or lists of strings.
import type { Dialect } from '../dialects';
import { HttpError, isPlainObject } from '../http';
import { pyStr, pyTypeName } from '../pyformat';
import type { StoredSection } from '../types';
import {
  asBool, asDatetime, asEnum, asInt, asList, asLiteral, asModel, asStr, bodyObject, field, INVALID,
  type Issue, type Loc, type ParsedDate, type Parser, valid,
} from '../validation';

export interface Owner {
  display_name: string | null;
  first_name: string | null;
  middle_initial: string | null;
  last_name: string | null;
  email: string | null;
}

export interface ParsedDocument {
  id: string | null;
  semanticIdentifier: string;
  title: string | null;
  sections: StoredSection[];
  source: string | null;
  metadata: Record<string, string | string[]>;
  docUpdatedAt: ParsedDate | null;
  primaryOwners: Owner[] | null;
  secondaryOwners: Owner[] | null;
  raw: Record<string, unknown>;
}

export interface IngestRequest {
  document: ParsedDocument;
  ccPairId: number | null;
}

interface SectionMember {
  cls: string;
  type: StoredSection['type'];
  required: string[];
  optional: string[];
}

const SECTION_MEMBERS: SectionMember[] = [
  { cls: 'TextSection', type: 'text', required: ['text'], optional: ['link', 'image_file_id', 'heading'] },
  { cls: 'ImageSection', type: 'image', required: ['image_file_id'], optional: ['link', 'text', 'heading'] },
  { cls: 'TabularSection', type: 'tabular', required: ['csv_file_id', 'link'], optional: ['text', 'image_file_id', 'heading'] },
];

/**
 * A section is a union without discriminator (pydantic "smart" mode): every member that validates is a
 * candidate; the one with the most fields set wins, ties go to the leftmost. `{text, image_file_id}` is
 * therefore a TextSection unless `"type": "image"` is sent.
 */
const asSection: Parser<StoredSection> = (v, loc, issues) => {
  if (!isPlainObject(v)) {
    for (const m of SECTION_MEMBERS) asModel(m.cls)(v, [...loc, m.cls], issues);
    return INVALID;
  }
  let best: { member: SectionMember; set: number } | undefined;
  const memberIssues: Issue[] = [];
  for (const m of SECTION_MEMBERS) {
    const mine: Issue[] = [];
    const here = [...loc, m.cls];
    field(v, 'type', here, asLiteral(m.type), mine);
    for (const k of m.required) field(v, k, here, asStr, mine, { required: true });
    for (const k of m.optional) field(v, k, here, asStr, mine, { nullable: true });
    if (mine.length) {
      memberIssues.push(...mine);
      continue;
    }
    const set = ['type', ...m.required, ...m.optional].filter((k) => v[k] !== undefined).length;
    if (!best || set > best.set) best = { member: m, set };
  }
  if (!best) {
    issues.push(...memberIssues);
    return INVALID;
  }
  const str = (k: string): string | null => (typeof v[k] === 'string' ? v[k] : null);
  return { type: best.member.type, text: str('text'), link: str('link'), imageFileId: str('image_file_id'), heading: str('heading') };
};

const OWNER_FIELDS = ['display_name', 'first_name', 'middle_initial', 'last_name', 'email'] as const;

const asOwner: Parser<Owner> = (v, loc, issues) => {
  const obj = asModel('BasicExpertInfo')(v, loc, issues);
  if (obj === INVALID) return INVALID;
  const before = issues.length;
  const owner = Object.fromEntries(OWNER_FIELDS.map((k) => {
    const r = field(obj, k, loc, asStr, issues, { nullable: true });
    return [k, typeof r === 'string' ? r : null];
  })) as unknown as Owner;
  return issues.length > before ? INVALID : owner;
};

/** Observed: the "before" validator; every value becomes str(value), lists become lists of str(item). */
function observedMetadata(doc: Record<string, unknown>, issues: Issue[]): Record<string, string | string[]> | undefined {
  if (!('metadata' in doc)) {
    issues.push({ type: 'missing', loc: ['body', 'document', 'metadata'], msg: 'Field required', input: doc });
    return undefined;
  }
  const m = doc.metadata;
  if (!isPlainObject(m)) {
    // `.items()` on a non-dict raises AttributeError, which pydantic does not turn into a validation error.
    throw new HttpError(500, { detail: `'${pyTypeName(m)}' object has no attribute 'items'` });
  }
  return Object.fromEntries(Object.entries(m).map(([k, val]) => [k, Array.isArray(val) ? val.map(pyStr) : pyStr(val)]));
}

function specMetadata(doc: Record<string, unknown>, issues: Issue[]): Record<string, string | string[]> | undefined {
  const loc: Loc = ['body', 'document', 'metadata'];
  if (doc.metadata === undefined || doc.metadata === null) return {};
  if (!isPlainObject(doc.metadata)) {
    issues.push({ type: 'dict_type', loc, msg: 'Input should be a valid dictionary', input: doc.metadata });
    return undefined;
  }
  const out: Record<string, string | string[]> = {};
  for (const [k, val] of Object.entries(doc.metadata)) {
    if (typeof val === 'string' || (Array.isArray(val) && val.every((x) => typeof x === 'string'))) {
      out[k] = val;
      continue;
    }
    issues.push({ type: 'string_type', loc: [...loc, k, 'str'], msg: 'Input should be a valid string', input: val });
    if (Array.isArray(val)) {
      val.forEach((x, i) => typeof x !== 'string' && issues.push({ type: 'string_type', loc: [...loc, k, 'list[str]', i], msg: 'Input should be a valid string', input: x }));
    } else {
      issues.push({ type: 'list_type', loc: [...loc, k, 'list[str]'], msg: 'Input should be a valid list', input: val });
    }
  }
  return out;
}

function parseDocument(doc: Record<string, unknown>, dialect: Dialect, issues: Issue[]): ParsedDocument {
  const observed = dialect.name === 'observed';
  const loc: Loc = ['body', 'document'];
  const metadata = observed ? observedMetadata(doc, issues) : undefined; // may throw the 500 first
  const id = field(doc, 'id', loc, asStr, issues, { nullable: true });
  const sections = field(doc, 'sections', loc, asList(asSection), issues, { required: true });
  const source = field(doc, 'source', loc, asEnum(dialect.sources), issues, { required: !observed, nullable: observed });
  const semanticIdentifier = field(doc, 'semantic_identifier', loc, asStr, issues, { required: true });
  const specMeta = observed ? undefined : specMetadata(doc, issues);
  const docUpdatedAt = field(doc, 'doc_updated_at', loc, asDatetime, issues, { nullable: true });
  if (observed) field(doc, 'doc_created_at', loc, asDatetime, issues, { nullable: true });
  field(doc, 'chunk_count', loc, asInt, issues, { nullable: true });
  const primaryOwners = field(doc, 'primary_owners', loc, asList(asOwner), issues, { nullable: true });
  const secondaryOwners = field(doc, 'secondary_owners', loc, asList(asOwner), issues, { nullable: true });
  const title = field(doc, 'title', loc, asStr, issues, { nullable: true });
  field(doc, 'from_ingestion_api', loc, asBool, issues);
  if (observed) field(doc, 'file_id', loc, asStr, issues, { nullable: true });
  return {
    id: valid(id) ?? null,
    semanticIdentifier: valid(semanticIdentifier) ?? '',
    title: valid(title) ?? null,
    sections: valid(sections) ?? [],
    source: valid(source) ?? null,
    metadata: metadata ?? specMeta ?? {},
    docUpdatedAt: valid(docUpdatedAt) ?? null,
    primaryOwners: valid(primaryOwners) ?? null,
    secondaryOwners: valid(secondaryOwners) ?? null,
    raw: doc,
  };
}

/** Parses `{document, cc_pair_id}`. Returns the request, or the validation issues. May throw the observed 500. */
export function parseIngestRequest(json: unknown, dialect: Dialect): IngestRequest | Issue[] {
  const issues: Issue[] = [];
  const body = bodyObject(json, issues);
  if (!body) return issues;
  const modelName = dialect.name === 'observed' ? 'DocumentBase' : 'IngestionDocument';
  const doc = field(body, 'document', ['body'], asModel(modelName), issues, { required: true });
  const ccPairId = field(body, 'cc_pair_id', ['body'], asInt, issues, { nullable: true });
  const document = doc && doc !== INVALID ? parseDocument(doc, dialect, issues) : undefined;
  if (!document || issues.length) return issues;
  return { document, ccPairId: valid(ccPairId) ?? null };
}
