/**
 * The store's item conversion (src/store/attribute-values.ts) against the AWS SDK's own
 * (`marshall` / `unmarshall` of @aws-sdk/util-dynamodb, with the options the document client was
 * given: undefined values removed, numbers read back wrapped), over random items.
 */
import { NumberValueImpl as SdkNumberValue, marshall, unmarshall } from '@aws-sdk/util-dynamodb';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { NumberValue, fromAttributes, toAttribute, toAttributes, type AttributeMap } from '../../src/store/attribute-values.ts';

/** Values the store writes: texts, safe numbers, booleans, null, lists and maps of them, bytes; undefined here and there. */
const value: fc.Arbitrary<unknown> = fc.letrec<{ v: unknown }>((tie) => ({
  v: fc.oneof(
    { depthSize: 'small' },
    fc.string({ unit: 'grapheme', maxLength: 20 }),
    fc.maxSafeInteger(),
    fc.double({ noNaN: true, min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER }).filter((x) => !Object.is(x, -0)),
    fc.boolean(),
    fc.constant(null),
    fc.constant(undefined),
    fc.uint8Array({ minLength: 1, maxLength: 8 }),
    fc.array(tie('v'), { maxLength: 4 }),
    fc.dictionary(fc.string({ minLength: 1, maxLength: 6 }), tie('v'), { maxKeys: 4 }),
  ),
})).v;
const item = fc.dictionary(fc.string({ minLength: 1, maxLength: 8 }), value, { maxKeys: 8 });

/** Wrapped numbers compared by their text, whichever class wraps them. */
function plain(v: unknown): unknown {
  if (v instanceof NumberValue || v instanceof SdkNumberValue) return { number: v.toString() };
  if (v instanceof Uint8Array) return { bytes: [...v] };
  if (Array.isArray(v)) return v.map(plain);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, plain(x)]));
  return v;
}

/** The SDK's attribute values as they go on the wire: bytes in base64 (its protocol layer does that part). */
function wire(v: unknown): unknown {
  if (v instanceof Uint8Array) return Buffer.from(v).toString('base64');
  if (Array.isArray(v)) return v.map(wire);
  if (v !== null && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, wire(x)]));
  return v;
}

describe('attribute values', () => {
  it('an item is written as the SDK writes it', () => {
    fc.assert(fc.property(item, (i) => {
      expect(toAttributes(i)).toEqual(wire(marshall(i, { removeUndefinedValues: true })));
    }), { numRuns: 500 });
  });

  it('an item is read back as the SDK reads it, numbers wrapped', () => {
    fc.assert(fc.property(item, (i) => {
      const stored = marshall(i, { removeUndefinedValues: true });
      expect(plain(fromAttributes(wire(stored) as AttributeMap))).toEqual(plain(unmarshall(stored, { wrapNumbers: true })));
    }), { numRuns: 500 });
  });

  it('a number beyond the safe range is read back as its text, and written back unchanged', () => {
    const huge = { N: '123456789012345678901234567890' };
    const read = fromAttributes({ n: huge }).n;
    expect(read).toBeInstanceOf(NumberValue);
    expect((read as NumberValue).value).toBe(huge.N);
    expect(toAttribute(read)).toEqual(huge);
  });

  it('refuses what DynamoDB cannot hold, or not as this number: NaN, infinities, unsafe integers, class instances, empty and mixed sets', () => {
    for (const bad of [Number.NaN, Infinity, 2 ** 53, -(2 ** 60), new Date(0), new Set(), new Set(['a', 1]), () => 1]) expect(() => toAttribute(bad)).toThrow(TypeError);
  });
});
