// Hostile values and a JSON Schema walker for the schema-driven fuzz (test/api/fuzz.test.ts): every
// string field of a request body or tool input (nested ones, union branches, array items), a valid
// instance around each, and the hostile values each field gets in turn.
import { randomUUID } from 'node:crypto';

type Json = Record<string, any>;
/** One step from a schema to a string field inside it. */
export type Step = { prop: string } | { item: true } | { branch: number };
export type Field = { steps: Step[]; path: string };

/** Values the text rule refuses (400 INVALID_CHARACTER naming the field), as JSON strings. */
export const REFUSED_TEXT: ReadonlyArray<{ name: string; value: string }> = [
  { name: 'lone high surrogate', value: 'x\ud800' },
  { name: 'lone low surrogate', value: '\udc00x' },
  { name: 'reversed pair', value: '\udc00\ud800' },
  { name: 'NUL', value: 'a\u0000b' },
];

const nest = (depth: number): unknown => (depth === 0 ? 'x' : [nest(depth - 1)]);

/** Values that are data (or the wrong shape): refused by a field's own rules or accepted, never a 500. */
export const OTHER_HOSTILE: ReadonlyArray<{ name: string; value: unknown }> = [
  { name: 'C0 and C1 controls', value: '\u0001\u0008\u001b[2J\u007f\u0085\u009b\u009f' },
  { name: 'bidi overrides and isolates', value: '\u202e\u2066txt.exe\u2069\u202c\u200f' },
  { name: 'huge code points, noncharacters, tags', value: '\u{10FFFF}\u{E0041}\u{1F600}\uFFFF\uFFFE' },
  // Longer than any field allows, within the body limit (so the field's own rule answers, not 413).
  { name: 'overlong string', value: 'y\u00e9'.repeat(12_000) },
  { name: 'number', value: -1e308 },
  { name: 'object', value: { nested: ['x'] } },
  { name: 'null', value: null },
  { name: 'deep nesting', value: nest(80) },
];

/** The same, for a query parameter or a path segment: raw, already percent-encoded. */
export const REFUSED_IN_URL: ReadonlyArray<{ name: string; value: string }> = [
  { name: 'NUL', value: 'a%00b' },
  { name: 'lone high surrogate', value: 'x%ED%A0%80' },
  { name: 'lone low surrogate', value: '%ED%B0%80x' },
  { name: 'reversed pair', value: '%ED%B0%80%ED%A0%80' },
  { name: 'bytes that are not UTF-8', value: '%FF%FE' },
];
export const OTHER_IN_URL: ReadonlyArray<{ name: string; value: string }> = [
  { name: 'C0 and C1 controls', value: encodeURIComponent('\u0001\u001b[2J\u007f\u0085\u009b') },
  { name: 'bidi overrides', value: encodeURIComponent('\u202e\u2066txt.exe\u2069') },
  { name: 'huge code points', value: encodeURIComponent('\u{10FFFF}\u{E0041}\u{1F600}\uFFFF') },
  { name: 'overlong', value: 'y'.repeat(4_000) },
  { name: 'number-like', value: '-1e308' },
  { name: 'JSON-like', value: encodeURIComponent('{"$ne":null}') },
  { name: 'traversal', value: '..%2F..%2Fetc%2Fpasswd' },
];

/** A stack trace or a database error leaking into a body. */
export const LEAK =
  /\n\s+at |node:internal|\.ts:\d+:\d+|syntax error at|violates \S+ constraint|duplicate key|invalid input syntax|unpaired|slonik|pg_catalog|relation "/i;

function resolve(schema: Json | undefined, root: Json): Json | undefined {
  let s = schema;
  for (let i = 0; s && typeof s.$ref === 'string' && i < 10; i++) {
    const ref: string = s.$ref;
    s =
      ref === '#'
        ? root
        : ref
            .replace(/^#\//, '')
            .split('/')
            .reduce<any>((node, key) => node?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], root);
  }
  return s;
}

const branches = (s: Json): Json[] | null => s.anyOf ?? s.oneOf ?? null;
const typesOf = (s: Json): string[] => [s.type ?? []].flat();
const isString = (s: Json) =>
  typesOf(s).includes('string') || typeof s.const === 'string' || (Array.isArray(s.enum) && s.enum.some((v: unknown) => typeof v === 'string'));

/** Every string field of a schema, with the path a refusal names (`blocks.0.text`). */
export function stringFields(schema: Json, root: Json = schema): Field[] {
  const out: Field[] = [];
  const walk = (node: Json | undefined, steps: Step[], depth: number) => {
    const s = resolve(node, root);
    if (!s || depth > 16) return;
    const union = branches(s);
    if (union) union.forEach((b, i) => walk(b, [...steps, { branch: i }], depth + 1));
    if (isString(s)) out.push({ steps, path: pathOf(steps) });
    for (const [name, child] of Object.entries<Json>(s.properties ?? {})) walk(child, [...steps, { prop: name }], depth + 1);
    if (s.items && typeof s.items === 'object') walk(s.items, [...steps, { item: true }], depth + 1);
  };
  walk(schema, [], 0);
  return out;
}

export function pathOf(steps: readonly Step[]): string {
  return steps.flatMap((s) => ('prop' in s ? [s.prop] : 'item' in s ? ['0'] : [])).join('.');
}

/** How a test names the ids and texts a valid instance needs. */
export type Hints = { idFor: (field: string) => string; now: string };

// Optional fields a valid request of this service needs all the same (the publication envelope).
const ALWAYS: Record<string, () => unknown> = {
  schema_version: () => 1,
  language: () => 'en',
  publication_intent: () => 'show_to_humans',
  idempotency_key: () => randomUUID(),
  runtime: () => 'static',
};
const TEXT_CANDIDATES = [
  'Sample text for the fuzz',
  'general',
  'sample_name',
  '0'.repeat(64),
  'abc',
  'https://example.com/page',
  'a@example.com',
  '2026-11-22T09:00:00.000Z',
  'x',
];

function sampleString(s: Json, name: string, hints: Hints): string {
  if (typeof s.const === 'string') return s.const;
  if (Array.isArray(s.enum)) return s.enum.find((v: unknown) => typeof v === 'string') ?? '';
  if (ALWAYS[name] && typeof ALWAYS[name]() === 'string') return ALWAYS[name]() as string;
  if (s.format === 'uuid' || /(^|_)id$|Id$/.test(name)) return hints.idFor(name);
  if (s.format === 'date-time') return hints.now;
  if (s.format === 'email') return 'someone@example.com';
  if (s.format === 'uri' || s.format === 'url') return 'https://example.com/page';
  const min = s.minLength ?? 1;
  const max = s.maxLength ?? 1_000;
  const matches = (v: string) => {
    try {
      return new RegExp(s.pattern, 'u').test(v);
    } catch {
      return new RegExp(s.pattern).test(v);
    }
  };
  const fits = (v: string) => v.length >= min && v.length <= max && (!s.pattern || matches(v));
  return TEXT_CANDIDATES.find(fits) ?? 'x'.repeat(Math.min(Math.max(min, 1), max));
}

/** A valid-looking instance of `schema` (required properties only, plus ALWAYS), `name` its property name. */
export function sample(schema: Json | undefined, root: Json, hints: Hints, name = ''): unknown {
  const s = resolve(schema, root);
  if (!s) return null;
  if (s.const !== undefined) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  const union = branches(s);
  if (union) return sample(union.find((b) => !typesOf(resolve(b, root) ?? {}).includes('null')) ?? union[0], root, hints, name);
  const type = typesOf(s).find((t) => t !== 'null') ?? (s.properties ? 'object' : 'string');
  if (type === 'object') {
    const out: Record<string, unknown> = {};
    const required = new Set<string>(s.required ?? []);
    for (const [key, child] of Object.entries<Json>(s.properties ?? {})) {
      if (required.has(key)) out[key] = ALWAYS[key]?.() ?? sample(child, root, hints, key);
      else if (ALWAYS[key]) out[key] = ALWAYS[key]();
    }
    return out;
  }
  if (type === 'array') return Array.from({ length: Math.max(1, s.minItems ?? 1) }, () => sample(s.items, root, hints, name));
  if (type === 'integer' || type === 'number')
    return typeof s.minimum === 'number' ? Math.max(s.minimum, Math.min(1, s.maximum ?? 1)) : Math.min(1, s.maximum ?? 1);
  if (type === 'boolean') return false;
  return sampleString(s, name, hints);
}

/** A valid-looking instance with `value` placed at the field the steps lead to. */
export function withValue(schema: Json | undefined, root: Json, steps: readonly Step[], value: unknown, hints: Hints, name = ''): unknown {
  const s = resolve(schema, root);
  if (steps.length === 0) return value;
  const [step, ...rest] = steps as [Step, ...Step[]];
  if (!s) return value;
  if ('branch' in step) return withValue(branches(s)![step.branch], root, rest, value, hints, name);
  if ('item' in step) {
    const others = Array.from({ length: Math.max(0, (s.minItems ?? 1) - 1) }, () => sample(s.items, root, hints, name));
    return [withValue(s.items, root, rest, value, hints, name), ...others];
  }
  const base = (sample({ ...s, anyOf: undefined, oneOf: undefined }, root, hints, name) ?? {}) as Record<string, unknown>;
  return { ...base, [step.prop]: withValue(s.properties?.[step.prop], root, rest, value, hints, step.prop) };
}
