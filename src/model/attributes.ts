import type { StandardSchemaV1 } from '@standard-schema/spec';

/**
 * Attribute schemas: one Standard Schema per attribute, so zod, valibot, arktype… all work and the
 * attribute names stay visible to the model (key templates are checked against them).
 *
 * @example
 * const attributes = { id: z.string(), title: z.string(), rank: v.optional(v.number()) };
 */
export type AttributeSchemas = Readonly<Record<string, StandardSchemaV1>>;

type Simplify<T> = { [K in keyof T]: T[K] } & {};

type OutputOf<S> = S extends StandardSchemaV1 ? StandardSchemaV1.InferOutput<S> : never;
type InputOf<S> = S extends StandardSchemaV1 ? StandardSchemaV1.InferInput<S> : never;

type OptionalOutputKeys<A> = { [K in keyof A]: undefined extends OutputOf<A[K]> ? K : never }[keyof A];
type OptionalInputKeys<A> = { [K in keyof A]: undefined extends InputOf<A[K]> ? K : never }[keyof A];

/** The stored item type of a set of attribute schemas (schema outputs; `undefined`-able keys optional). */
export type ItemOfAttributes<A> = Simplify<
  { -readonly [K in Exclude<keyof A, OptionalOutputKeys<A>>]: OutputOf<A[K]> } & {
    -readonly [K in OptionalOutputKeys<A>]?: OutputOf<A[K]>;
  }
>;

/** What a caller passes in (schema inputs: attributes with a default are optional). */
export type InputOfAttributes<A> = Simplify<
  { -readonly [K in Exclude<keyof A, OptionalInputKeys<A>>]: InputOf<A[K]> } & {
    -readonly [K in OptionalInputKeys<A>]?: InputOf<A[K]>;
  }
>;

/** One failed check of one attribute. */
export interface AttributeIssue {
  readonly attribute: string;
  readonly message: string;
  readonly path: readonly PropertyKey[];
}

export type AttributeValidation =
  | { readonly ok: true; readonly value: Record<string, unknown> }
  | { readonly ok: false; readonly issues: readonly AttributeIssue[] };

/**
 * Validates an object attribute by attribute. Unknown attributes are issues too: a misspelled name
 * must not be stored silently. `only` restricts the check to some attributes (partial updates).
 */
export async function validateAttributes(
  schemas: AttributeSchemas,
  input: Readonly<Record<string, unknown>>,
  only?: readonly string[],
): Promise<AttributeValidation> {
  const issues: AttributeIssue[] = [];
  const value: Record<string, unknown> = {};
  for (const name of Object.keys(input)) {
    if (!Object.hasOwn(schemas, name)) issues.push({ attribute: name, message: 'Unknown attribute', path: [name] });
  }
  const names = only ?? Object.keys(schemas);
  for (const name of names) {
    const schema = schemas[name];
    if (!schema) continue;
    const result = await schema['~standard'].validate(input[name]);
    if (result.issues) {
      for (const issue of result.issues) {
        const path = (issue.path ?? []).map((segment) => (typeof segment === 'object' ? segment.key : segment));
        issues.push({ attribute: name, message: issue.message, path: [name, ...path] });
      }
    } else if (result.value !== undefined) {
      value[name] = result.value;
    }
  }
  return issues.length > 0 ? { ok: false, issues } : { ok: true, value };
}

const optionalCache = new WeakMap<AttributeSchemas, ReadonlySet<string>>();

/**
 * The attributes a stored item may lack: those whose schema accepts `undefined` and fills in no
 * default. A schema that validates asynchronously counts as optional (the safe side: callers
 * then read the stored item instead of assuming the attribute is there).
 *
 * @example
 * optionalAttributes({ id: z.string(), note: z.string().optional(), status: z.string().default('a') })
 * // Set { 'note' }
 */
export function optionalAttributes(schemas: AttributeSchemas): ReadonlySet<string> {
  const cached = optionalCache.get(schemas);
  if (cached) return cached;
  const optional = new Set<string>();
  for (const [name, schema] of Object.entries(schemas)) {
    const result = schema['~standard'].validate(undefined);
    if (result instanceof Promise) {
      result.catch(() => undefined);
      optional.add(name);
    } else if (!result.issues && result.value === undefined) optional.add(name);
  }
  optionalCache.set(schemas, optional);
  return optional;
}
