/**
 * A small declarative model of DynamoDB's request shapes: just enough of the service
 * model to deserialize JSON the way DynamoDB does (type errors are
 * `SerializationException`s) and to check its constraints (Coral's aggregated
 * `ValidationException`). Member order matters: it is the order DynamoDB reports
 * several violations in.
 */

export interface StringConstraints {
  readonly enum?: readonly string[];
  readonly pattern?: string;
  readonly minLength?: number;
  readonly maxLength?: number;
}

export interface LengthConstraints {
  readonly minLength?: number;
  readonly maxLength?: number;
}

/**
 * Members whose constraint messages DynamoDB words without their value, named by the
 * API's member names: `Value at 'Limit' failed to satisfy constraint: …` (Query and Scan
 * `Limit`, BatchGetItem `Keys`), where other members read `Value '0' at 'limit' …`.
 */
export interface ValueLeftOut {
  readonly valueLeftOut?: boolean;
}

export interface StringShape extends StringConstraints {
  readonly kind: 'string';
}

export interface NumberShape extends ValueLeftOut {
  readonly kind: 'number';
  /** The Java type DynamoDB names in conversion errors. */
  readonly javaType: 'Integer' | 'Long';
  readonly min?: number;
  readonly max?: number;
}

export interface BooleanShape {
  readonly kind: 'boolean';
}

export interface BlobShape {
  readonly kind: 'blob';
}

export interface ListShape extends LengthConstraints, ValueLeftOut {
  readonly kind: 'list';
  readonly member: Shape;
}

export interface MapShape extends LengthConstraints {
  readonly kind: 'map';
  readonly value: Shape;
  /** Constraints every key must meet (reported as `Map keys must satisfy constraint: […]`). */
  readonly keys?: StringConstraints;
  /** Length constraints on every value (reported as `Map value must satisfy constraint: […]`). */
  readonly values?: LengthConstraints;
}

export interface StructureShape {
  readonly kind: 'structure';
  /** The model class name, used in DynamoDB's messages (`…v20120810.KeySchemaElement`). */
  readonly name: string;
  readonly members: Readonly<Record<string, Member>>;
}

/** A DynamoDB `AttributeValue`: its content is checked by the values module later. */
export interface AttributeValueShape {
  readonly kind: 'attributeValue';
}

export type Shape =
  | StringShape
  | NumberShape
  | BooleanShape
  | BlobShape
  | ListShape
  | MapShape
  | StructureShape
  | AttributeValueShape;

export interface Member {
  readonly shape: Shape;
  readonly required?: boolean;
}

export const string = (constraints: StringConstraints = {}): StringShape => ({ kind: 'string', ...constraints });
export const integer = (range: { min?: number; max?: number } & ValueLeftOut = {}): NumberShape => ({
  kind: 'number',
  javaType: 'Integer',
  ...range,
});
export const long = (range: { min?: number; max?: number } = {}): NumberShape => ({
  kind: 'number',
  javaType: 'Long',
  ...range,
});
export const boolean = (): BooleanShape => ({ kind: 'boolean' });
export const blob = (): BlobShape => ({ kind: 'blob' });
export const list = (member: Shape, length: LengthConstraints & ValueLeftOut = {}): ListShape => ({
  kind: 'list',
  member,
  ...length,
});
export const map = (value: Shape, options: Omit<MapShape, 'kind' | 'value'> = {}): MapShape => ({
  kind: 'map',
  value,
  ...options,
});
export const attributeValue = (): AttributeValueShape => ({ kind: 'attributeValue' });

/** A member that may be absent. */
export const optional = (shape: Shape): Member => ({ shape });
/** A member DynamoDB rejects as `Member must not be null` when absent. */
export const required = (shape: Shape): Member => ({ shape, required: true });

export function structure(name: string, members: Record<string, Member | Shape>): StructureShape {
  const normalized: Record<string, Member> = {};
  for (const [memberName, member] of Object.entries(members)) {
    normalized[memberName] = 'kind' in member ? { shape: member } : member;
  }
  return { kind: 'structure', name, members: normalized };
}
