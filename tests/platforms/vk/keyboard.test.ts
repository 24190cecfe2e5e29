/**
 * VK's inline keyboards (dev.vk.com, "Клавиатура": inline 5 × 6, at most 10 keys, labels ≤ 40,
 * payloads ≤ 255): the app's grids fit as they are when they can, else a page at a time.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Button } from '../../../src/app/index.ts';
import { keyboardOf, LABEL_LIMIT, MAX_BUTTONS, MAX_PER_ROW, MAX_ROWS, pageCount, readPayload } from '../../../src/platforms/vk/index.ts';

const button = (i: number): Button => ({ label: `b${i}`, token: `g:abcdefghij:12:L${i}:ABCDEFGH` });
const gridArb = fc.array(fc.array(fc.nat(99).map(button), { minLength: 1, maxLength: 8 }), { minLength: 1, maxLength: 6 });

describe('VK inline keyboards', () => {
  it('every page of any grid of up to 25 buttons is within VK\'s limits, and the pages hold every button once, in order', () => {
    fc.assert(fc.property(gridArb.filter((g) => g.flat().length <= 25), (grid) => {
      const pages = pageCount(grid);
      const shown: string[] = [];
      for (let page = 1; page <= pages; page++) {
        const keyboard = keyboardOf(grid, page)!;
        expect(keyboard.inline).toBe(true);
        expect(keyboard.buttons.length).toBeLessThanOrEqual(MAX_ROWS);
        expect(keyboard.buttons.flat().length).toBeLessThanOrEqual(MAX_BUTTONS);
        for (const row of keyboard.buttons) expect(row.length).toBeLessThanOrEqual(MAX_PER_ROW);
        for (const b of keyboard.buttons.flat()) {
          expect(b.action.type === 'callback' ? b.action.payload.length : 0).toBeLessThanOrEqual(255);
          const read = b.action.type === 'callback' ? readPayload(b.action.payload) : undefined;
          if (read !== undefined && 'token' in read) shown.push(read.token);
        }
      }
      expect(shown).toEqual(grid.flat().map((b) => ('token' in b ? b.token : '')));
    }));
  });

  it('a grid that fits keeps its rows; a larger one pages with ▸ and comes round to page 1', () => {
    expect(keyboardOf([[button(1), button(2)], [button(3)]])!.buttons.map((r) => r.length)).toEqual([2, 1]);
    const big = [[...Array(12).keys()].map(button)];
    expect(pageCount(big)).toBe(2);
    const last = keyboardOf(big, 2)!.buttons.flat().at(-1)!;
    expect(last.action).toMatchObject({ type: 'callback', label: '2/2 ▸', payload: '{"p":1}' });
    expect(keyboardOf([])).toBeUndefined();
  });

  it('labels are cut to 40 characters, a link stays a link', () => {
    const keyboard = keyboardOf([[{ label: 'x'.repeat(60), token: 't' }, { label: 'site', url: 'https://example.org' }]])!;
    expect([...keyboard.buttons[0]![0]!.action.label]).toHaveLength(LABEL_LIMIT);
    expect(keyboard.buttons[0]![1]!.action).toEqual({ type: 'open_link', label: 'site', link: 'https://example.org' });
  });

  it('a payload we did not send is nothing', () => {
    for (const payload of ['', 'null', '{"t":""}', `{"t":"${'x'.repeat(65)}"}`, '{"p":0}', '{"p":11}', '{"p":1.5}', 'x'.repeat(300), { t: 1 }]) expect(readPayload(payload), String(payload)).toBeUndefined();
    expect(readPayload({ t: 'abc' })).toEqual({ token: 'abc' });
  });
});
