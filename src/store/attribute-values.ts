/**
 * JavaScript values ↔ DynamoDB's attribute values (`{ S: "…" }`, `{ N: "12" }`, `{ M: { … } }`, …),
 * as the AWS SDK's document client converted them for the store before: `undefined` attributes
 * and list entries are left out, and a number read back is a `NumberValue` holding DynamoDB's
 * decimal text — a stored number beyond JavaScript's safe range then reaches the codec as what it
 * is (a corrupt item) instead of turning into another number. tests/store/attribute-values.test.ts
 * checks both ways against the SDK's own `marshall` and `unmarshall`.
 */

/** A number as DynamoDB stores it: decimal text, of up to 38 digits. */
export class NumberValue {
  constructor(readonly value: string) {}

  toString(): string {
    return this.value;
  }
}

export type AttributeValue =
  | { S: string } | { N: string } | { B: string } | { BOOL: boolean } | { NULL: true }
  | { L: AttributeValue[] } | { M: AttributeMap }
  | { SS: string[] } | { NS: string[] } | { BS: string[] };
export type AttributeMap = Record<string, AttributeValue>;

/** An item's attributes as JavaScript values; `undefined` ones are left out. */
export function toAttributes(item: Readonly<Record<string, unknown>>): AttributeMap {
  const out: AttributeMap = {};
  for (const name of Object.keys(item)) {
    const value = item[name];
    if (value !== undefined) out[name] = toAttribute(value);
  }
  return out;
}

export function toAttribute(value: unknown): AttributeValue {
  switch (typeof value) {
    case 'string': return { S: value };
    case 'number':
      if (!Number.isFinite(value)) throw new TypeError(`${value} cannot be stored: DynamoDB has no such number`);
      // Beyond the safe range the number written may not be the one meant (the SDK refuses it too).
      if (Math.abs(value) > Number.MAX_SAFE_INTEGER) throw new TypeError(`${value} is beyond the safe range: store it as a NumberValue`);
      return { N: String(value) };
    case 'bigint': return { N: value.toString() };
    case 'boolean': return { BOOL: value };
    case 'object': {
      if (value === null) return { NULL: true };
      if (value instanceof NumberValue) return { N: value.value };
      if (Array.isArray(value)) return { L: value.filter((v) => v !== undefined).map(toAttribute) };
      if (value instanceof Uint8Array) return { B: Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('base64') };
      if (value instanceof Set) return setOf(value);
      if (Object.getPrototypeOf(value) !== Object.prototype && Object.getPrototypeOf(value) !== null) {
        throw new TypeError(`a ${value.constructor.name} cannot be stored: only plain objects, arrays, sets and bytes`);
      }
      return { M: toAttributes(value as Record<string, unknown>) };
    }
    default: throw new TypeError(`a ${typeof value} cannot be stored`);
  }
}

function setOf(set: Set<unknown>): AttributeValue {
  const members = [...set];
  if (members.length === 0) throw new TypeError('an empty set cannot be stored');
  if (members.every((m) => typeof m === 'string')) return { SS: members as string[] };
  if (members.every((m) => typeof m === 'number' || typeof m === 'bigint' || m instanceof NumberValue)) return { NS: members.map(String) };
  if (members.every((m) => m instanceof Uint8Array)) return { BS: members.map((m) => Buffer.from(m as Uint8Array).toString('base64')) };
  throw new TypeError('a set of mixed members cannot be stored');
}

export function fromAttributes(attributes: AttributeMap): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const name of Object.keys(attributes)) out[name] = fromAttribute(attributes[name]!);
  return out;
}

export function fromAttribute(value: AttributeValue): unknown {
  if ('S' in value) return value.S;
  if ('N' in value) return new NumberValue(value.N);
  if ('BOOL' in value) return value.BOOL;
  if ('NULL' in value) return null;
  if ('M' in value) return fromAttributes(value.M);
  if ('L' in value) return value.L.map(fromAttribute);
  if ('B' in value) return new Uint8Array(Buffer.from(value.B, 'base64'));
  if ('SS' in value) return new Set(value.SS);
  if ('NS' in value) return new Set(value.NS.map((n) => new NumberValue(n)));
  if ('BS' in value) return new Set(value.BS.map((b) => new Uint8Array(Buffer.from(b, 'base64'))));
  throw new TypeError(`an attribute value of an unknown type (${Object.keys(value).join(', ')})`);
}

/** A number attribute as read back (a number, or a `NumberValue`), or undefined when it is none. */
export function numberOf(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : value instanceof NumberValue ? Number(value.value) : NaN;
  return Number.isFinite(n) ? n : undefined;
}

/** A JSON text read back, parsed; undefined when it is none. */
export function parsed(json: unknown): unknown {
  if (typeof json !== 'string') return undefined;
  try {
    return JSON.parse(json) as unknown;
  } catch {
    return undefined;
  }
}
