/**
 * src/app/inline-ticket.ts: an inline challenge's ticket fits a deep link's payload, reads back as
 * issued, and is refused when any part of it was changed or another key signed it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { issueTicket, readTicket } from '../../src/app/inline-ticket.ts';

const KEY = 'ticket-test-key';
const AT = 1_800_000_040_000;

describe('inline-ticket.ts', () => {
  it('any numeric identity and name: the ticket is ≤ 62 characters of a deep link\'s alphabet and reads back as issued', () => {
    fc.assert(fc.property(fc.bigInt({ min: 1n, max: 2n ** 64n - 1n }), fc.string({ unit: 'grapheme', maxLength: 80 }), fc.constantFrom('long', 'short' as const), fc.integer({ min: 0, max: 35 }), (id, name, variant, series) => {
      const issued = issueTicket(KEY, { id: `telegram:${id}`, name }, variant as 'long' | 'short', series, AT)!;
      expect(issued.text).toMatch(/^[A-Za-z0-9_-]{1,62}$/);
      expect(name.trim().startsWith(issued.ticket.challenger.name)).toBe(true);
      expect(readTicket(KEY, 'telegram', issued.text)).toEqual(issued.ticket);
    }));
  });

  it('a name is cut on whole characters to what fits: Georgian and Russian names keep their start', () => {
    const georgian = issueTicket(KEY, { id: 'telegram:7000000000', name: 'ანასტასია ბერიძე-ჯავახიშვილი' }, 'long', 0, AT)!;
    expect('ანასტასია ბერიძე-ჯავახიშვილი'.startsWith(georgian.ticket.challenger.name)).toBe(true);
    expect(georgian.ticket.challenger.name.length).toBeGreaterThan(3);
    expect(issueTicket(KEY, { id: 'telegram:1', name: 'Нодар' }, 'short', 0, AT)!.ticket.challenger.name).toBe('Нодар');
  });

  it('a ticket changed anywhere, read from another messenger or signed with another key opens nothing', () => {
    const { text } = issueTicket(KEY, { id: 'telegram:222', name: 'Anna' }, 'long', 0, AT)!;
    const parts = text.split('-');
    expect(readTicket(KEY, 'telegram', [parts[0].replace(/^l/, 's'), ...parts.slice(1)].join('-'))).toBeUndefined();
    expect(readTicket(KEY, 'telegram', [parts[0], '67', ...parts.slice(2)].join('-'))).toBeUndefined();
    expect(readTicket(KEY, 'telegram', [...parts.slice(0, 3), Buffer.from('Eve').toString('base64url')].join('-'))).toBeUndefined();
    expect(readTicket(KEY, 'discord', text)).toBeUndefined();
    expect(readTicket('another key', 'telegram', text)).toBeUndefined();
  });

  it('an identity without a number, or a variant inline mode does not offer, has no ticket', () => {
    expect(issueTicket(KEY, { id: 'telegram:abc', name: 'A' }, 'long', 0, AT)).toBeUndefined();
    expect(issueTicket(KEY, { id: 'telegram:1', name: 'A' }, 'plakoto', 0, AT)).toBeUndefined();
  });
});
