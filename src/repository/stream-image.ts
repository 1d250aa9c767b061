/**
 * A stream image in DynamoDB JSON as the plain values the DocumentClient reads: numbers as
 * numbers (integers beyond the safe range as BigInts, as `@aws-sdk/util-dynamodb` converts them
 * without `wrapNumbers`), binaries as bytes (Lambda's events carry them as base64 text,
 * GetRecords as bytes), sets as `Set`s.
 *
 * It is written here rather than borrowed from util-dynamodb so that a stream handler bundled
 * for Lambda (CDK's `NodejsFunction`, CommonJS by default) needs nothing resolved at run time.
 *
 * @example
 * plainImage({ id: { S: 'j1' }, n: { N: '2' }, tags: { SS: ['a'] } }) // { id: 'j1', n: 2, tags: Set { 'a' } }
 */
export function plainImage(image: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(image)) out[name] = plainValue(value);
  return out;
}

function plainValue(value: unknown): unknown {
  if (value === null || typeof value !== 'object')
    throw new TypeError(`not an attribute value: ${JSON.stringify(value)}`);
  const attribute = value as Record<string, unknown>;
  for (const [type, member] of Object.entries(attribute)) {
    if (member === undefined) continue;
    switch (type) {
      case 'S':
        return member;
      case 'N':
        return numberOf(member as string);
      case 'B':
        return bytesOf(member);
      case 'BOOL':
        return Boolean(member);
      case 'NULL':
        return null;
      case 'SS':
        return new Set(member as string[]);
      case 'NS':
        return new Set((member as string[]).map(numberOf));
      case 'BS':
        return new Set((member as unknown[]).map(bytesOf));
      case 'L':
        return (member as unknown[]).map(plainValue);
      case 'M':
        return plainImage(member as Record<string, unknown>);
      default:
        throw new TypeError(`unsupported attribute type ${type}`);
    }
  }
  throw new TypeError(`no value in attribute ${JSON.stringify(value)}`);
}

function numberOf(text: string): number | bigint {
  const number = Number(text);
  if (Number.isFinite(number) && (number > Number.MAX_SAFE_INTEGER || number < Number.MIN_SAFE_INTEGER)) {
    try {
      return BigInt(text);
    } catch {
      throw new RangeError(`${text} can't be converted to BigInt. Set options.wrapNumbers to get string value.`);
    }
  }
  return number;
}

function bytesOf(member: unknown): Uint8Array {
  if (typeof member === 'string') return new Uint8Array(Buffer.from(member, 'base64'));
  return member as Uint8Array;
}
