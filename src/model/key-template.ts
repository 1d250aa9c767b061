import { EmptyKeyPartError, KeyMismatchError, ModelDefinitionError } from './errors.js';
import { escapeKeyValue, unescapeKeyValue } from './key-escaping.js';

/**
 * Key templates: `JOB#{id}`, `METADATA`, `PERSP#{round:4}#{expert}#{n}`. A `{name}` is replaced by
 * the item's attribute `name` (escaped so a `#` inside a value cannot split the key); `{name:4}`
 * zero-pads a number to 4 digits so numeric parts sort in numeric order.
 */

/** The attribute names a template refers to: `Placeholders<'JOB#{id}#{n:3}'>` is `'id' | 'n'`. */
export type Placeholders<T extends string> = T extends `${string}{${infer P}}${infer Rest}`
  ? (P extends `${infer Name}:${string}` ? Name : P) | Placeholders<Rest>
  : never;

/**
 * Compile-time check of a template against the attribute names: resolves to the template itself,
 * or to a readable error string type when it names an attribute that does not exist.
 */
export type CheckTemplate<T extends string, Names extends string> = [Exclude<Placeholders<T>, Names>] extends [never]
  ? T
  : `unknown attribute {${Exclude<Placeholders<T>, Names> & string}} in key template`;

export type TemplatePart =
  | { readonly kind: 'literal'; readonly text: string }
  | { readonly kind: 'placeholder'; readonly name: string; readonly width?: number };

/** A parsed key template, plain data. */
export interface KeyTemplate {
  readonly source: string;
  readonly separator: string;
  readonly parts: readonly TemplatePart[];
  /** Attribute names in order of appearance. */
  readonly placeholders: readonly string[];
  /** The constant text before the first placeholder (`'JOB#'` for `JOB#{id}`). */
  readonly prefix: string;
}

/** Values accepted inside a key: strings, numbers, bigints and booleans. */
export type KeyPartValue = string | number | bigint | boolean;

/**
 * Parses a template source.
 *
 * @example
 * parseKeyTemplate('JOB#{id}').placeholders // ['id']
 */
export function parseKeyTemplate(source: string, separator = '#'): KeyTemplate {
  const parts: TemplatePart[] = [];
  const pattern = /\{([A-Za-z_$][\w$]*)(?::(\d+))?\}/g;
  let last = 0;
  for (let match = pattern.exec(source); match; match = pattern.exec(source)) {
    if (match.index > last) parts.push({ kind: 'literal', text: source.slice(last, match.index) });
    const width = match[2] === undefined ? undefined : Number(match[2]);
    parts.push(
      width === undefined ? { kind: 'placeholder', name: match[1] } : { kind: 'placeholder', name: match[1], width },
    );
    last = match.index + match[0].length;
  }
  if (last < source.length) parts.push({ kind: 'literal', text: source.slice(last) });
  const literalText = parts
    .filter((p) => p.kind === 'literal')
    .map((p) => (p as { text: string }).text)
    .join('');
  if (/[{}]/.test(literalText))
    throw new ModelDefinitionError(`key template '${source}'`, 'unbalanced or invalid {placeholder}');
  if (source.length === 0) throw new ModelDefinitionError('key template', 'a key template cannot be empty');
  for (let i = 1; i < parts.length; i++) {
    if (parts[i].kind === 'placeholder' && parts[i - 1].kind === 'placeholder') {
      throw new ModelDefinitionError(`key template '${source}'`, 'two placeholders need a literal between them');
    }
    // Only the separator is escaped inside values, so only it can mark where one value ends:
    // with `{x}-{y}`, x = 'a-b', y = 'c' and x = 'a', y = 'b-c' would render the same key.
    const between = parts[i - 1];
    if (
      parts[i].kind === 'placeholder' &&
      between.kind === 'literal' &&
      parts[i - 2]?.kind === 'placeholder' &&
      !between.text.startsWith(separator)
    ) {
      throw new ModelDefinitionError(
        `key template '${source}'`,
        `the literal '${between.text}' between two placeholders must start with the separator '${separator}', or two different items could render the same key`,
      );
    }
  }
  const firstPlaceholder = parts.findIndex((p) => p.kind === 'placeholder');
  const prefix = parts
    .slice(0, firstPlaceholder === -1 ? parts.length : firstPlaceholder)
    .map((p) => (p as { text: string }).text)
    .join('');
  return {
    source,
    separator,
    parts,
    placeholders: parts.flatMap((p) => (p.kind === 'placeholder' ? [p.name] : [])),
    prefix,
  };
}

/**
 * Renders a template with values; a missing or empty part throws {@link EmptyKeyPartError} before
 * anything reaches DynamoDB.
 *
 * @example
 * renderKeyTemplate(parseKeyTemplate('DOC#{kind}#{n}'), { kind: 'a#b', n: 7 }) // 'DOC#a%23b#7'
 */
export function renderKeyTemplate(template: KeyTemplate, values: Readonly<Record<string, unknown>>): string {
  let out = '';
  for (const part of template.parts) {
    if (part.kind === 'literal') {
      out += part.text;
      continue;
    }
    out += renderPart(template, part.name, part.width, values[part.name]);
  }
  return out;
}

/** True when every placeholder of the template has a usable (non-empty) value. */
export function canRenderKeyTemplate(template: KeyTemplate, values: Readonly<Record<string, unknown>>): boolean {
  return template.placeholders.every((name) => isRenderable(values[name]));
}

/**
 * Reads the placeholder values back out of a rendered key (unescaped, as strings).
 *
 * @example
 * parseKeyValue(parseKeyTemplate('DOC#{kind}#{n}'), 'DOC#a%23b#7') // { kind: 'a#b', n: '7' }
 */
export function parseKeyValue(template: KeyTemplate, value: string): Record<string, string> {
  let regex = '^';
  template.parts.forEach((part, index) => {
    if (part.kind === 'literal') {
      regex += part.text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    } else {
      const next = template.parts[index + 1];
      const stopsAtSeparator = next?.kind === 'literal' && next.text.startsWith(template.separator);
      regex += stopsAtSeparator ? `([^${escapeClass(template.separator)}]*)` : '(.*?)';
    }
  });
  const match = new RegExp(`${regex}$`, 's').exec(value);
  if (!match) throw new KeyMismatchError(template.source, value);
  const out: Record<string, string> = {};
  template.placeholders.forEach((name, i) => {
    out[name] = unescapeKeyValue(match[i + 1]);
  });
  return out;
}

/**
 * The template's shape with placeholder names erased (`JOB#{}`): two templates with one shape
 * address the same keys, whatever their placeholders are called.
 */
export function templateShape(template: KeyTemplate): string {
  return template.parts.map((p) => (p.kind === 'literal' ? p.text : p.width ? `{:${p.width}}` : '{}')).join('');
}

/** The template in the guide's notation: `JOB#{id}` → `JOB#<id>`. */
export function describeTemplate(template: KeyTemplate): string {
  return template.parts.map((p) => (p.kind === 'literal' ? p.text : `<${p.name}>`)).join('');
}

function isRenderable(value: unknown): boolean {
  return (
    (typeof value === 'string' && value.length > 0) ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    typeof value === 'bigint' ||
    typeof value === 'boolean'
  );
}

function renderPart(template: KeyTemplate, name: string, width: number | undefined, value: unknown): string {
  if (!isRenderable(value)) throw new EmptyKeyPartError(template.source, name);
  if (typeof value === 'string') return escapeKeyValue(value, template.separator);
  const text = String(value as KeyPartValue);
  if (width !== undefined && /^\d+$/.test(text)) return text.padStart(width, '0');
  return escapeKeyValue(text, template.separator);
}

function escapeClass(text: string): string {
  return text.replace(/[\\\]^-]/g, '\\$&');
}
