/**
 * Issue #49, item 2: no button label is cut on a phone. Every inline keyboard the bot sends
 * (keyboards.ts: challenges, settings, the board in every state, results, tournaments, /games,
 * /lang, /forget, reminders), in every language, is laid out as Telegram's Android client lays it
 * out on a 360-dp-wide phone, in a private chat and in a group, and each label — with the "✓ " of
 * the current choice where a settings button may carry it — is measured in the fonts the phone
 * draws it in (button-width.ts: Roboto Medium 15 dp, Noto Sans Georgian, emoji 18 dp). A label
 * wider than its button less 10 dp is cut with "…", and fails here.
 *
 * The two widths, from Telegram for Android's `ChatMessageCell` (the bot keyboard's layout in
 * `setMessageContent`): the keyboard may grow to `maxButtonWidth = min(parent width, display
 * height) − dp(5) − dp(10 + (drawAvatar ? 52 : 0))`. `drawAvatar` is set for another sender's
 * message in a group, where the avatar column sits beside the bubble: so 360 − 5 − 10 = 345 dp in a
 * private chat and 345 − 52 = 293 dp in a group (a bot's message there is always another sender's).
 * Every keyboard is measured at both, as the bot cannot always tell where it is shown (a board
 * posted through inline mode has no chat the bot knows of), so one layout fits the narrower.
 *
 * `npm run test:system`: needs Debian's fonts-roboto and fonts-noto-core, and fails without them
 * saying what to install (it never skips). The rule in short: docs/testing.md, "Button labels".
 */
import { describe, expect, it } from 'vitest';
import { DIGITS_IN_ROW_OF_TWO, digitsWide } from '../../src/app/board-buttons.ts';
import { LANGS, t, type Lang, type MessageKey } from '../../src/i18n/index.ts';
import { en } from '../../src/i18n/en.ts';
import { FONT_INSTALL_HINT, keyboardWidth, labelRoom, labelWidth, loadFonts, type Chat } from './button-width.ts';
import { allKeyboards, type Keyboard } from './keyboards.ts';

/** Where a keyboard is shown: a private chat, and a group, whose keyboard is 52 dp narrower beside the sender's avatar (docs/testing.md). */
const CHATS: readonly Chat[] = ['private', 'group'];
/** Random money games per variant whose boards are measured; English gets more, as the plays' notation is the same in every language. */
const SEEDS: Readonly<Record<Lang, number>> = { en: 12, ru: 2, ka: 2 };

const keyboards = new Map<Lang, Keyboard[]>();
const keyboardsOf = (lang: Lang): Keyboard[] => {
  let found = keyboards.get(lang);
  if (!found) keyboards.set(lang, (found = allKeyboards(lang, SEEDS[lang])));
  return found;
};

describe('the measure', () => {
  it(`reads the fonts of Telegram's Android client (${FONT_INSTALL_HINT})`, () => {
    const fonts = loadFonts();
    expect(fonts.emoji).toBe(18);
  });

  it('lays a keyboard out as the client does: 345 dp across (293 in a group), 5 dp between buttons, 10 dp of each for padding', () => {
    expect(keyboardWidth('private')).toBe(345);
    expect(keyboardWidth('group')).toBe(293);
    expect([1, 2, 3, 4, 5, 6].map((n) => labelRoom(n, 'private'))).toEqual([333, 159, 101, 72, 54, 43]);
    expect([1, 2, 3, 4, 5, 6].map((n) => labelRoom(n, 'group'))).toEqual([281, 133, 83, 59, 44, 34]);
  });

  it('measures Roboto Medium at 15 dp, Georgian wider than Latin, an emoji as 18 dp, joiners as nothing', () => {
    expect(labelWidth('0123456789') / 10).toBeCloseTo(8.53, 2);
    expect(labelWidth('🎲')).toBe(18);
    expect(labelWidth('⬇️')).toBe(18);
    expect(labelWidth('🏳️ ')).toBeCloseTo(18 + labelWidth(' '), 5);
    expect(labelWidth('ნარდი') / 5).toBeGreaterThan(labelWidth('nardy') / 5);
    expect(labelWidth('✓ ')).toBeGreaterThan(10);
  });

  it('the board\'s estimate of a play\'s width (digitsWide) never falls short of Roboto\'s, and a row of two holds its limit', () => {
    const digit = labelWidth('0');
    for (const c of '0123456789/*() barof') expect(labelWidth(c), JSON.stringify(c)).toBeLessThanOrEqual(digitsWide(c) * digit + 0.02);
    for (const chat of CHATS) expect(DIGITS_IN_ROW_OF_TWO * digit + 0.5, chat).toBeLessThanOrEqual(labelRoom(2, chat));
  });
});

describe('issue #49: every label of every keyboard fits its button on a 360-dp phone, in a private chat and in a group', () => {
  for (const chat of CHATS) {
    for (const lang of LANGS) {
      it(`${lang}, ${chat} chat: no label is cut`, () => {
        // Each label cut on a row of its size once, with the first keyboard that shows it.
        const cut = new Map<string, string>();
        for (const kb of keyboardsOf(lang)) {
          for (const row of kb.rows) {
            const room = labelRoom(row.length, chat);
            for (const b of row) {
              for (const label of b.tickable ? [b.label, `✓ ${b.label}`] : [b.label]) {
                const width = labelWidth(label);
                const key = `${row.length}:${label}`;
                if (width > room && !cut.has(key)) cut.set(key, `"${label}": ${width.toFixed(1)} dp, room ${room} dp on a row of ${row.length} in a ${chat} chat (${kb.where})`);
              }
            }
          }
        }
        expect([...cut.values()]).toEqual([]);
      });
    }
  }

  it('the keyboards cover every button text of the catalog', () => {
    // `button.more` is shown by no keyboard (no code asks for it).
    const keys = (Object.keys(en) as MessageKey[]).filter((k) => k.startsWith('button.') && k !== 'button.more');
    for (const lang of LANGS) {
      const labels = keyboardsOf(lang).flatMap((kb) => kb.rows.flat().map((b) => b.label));
      // A text with parameters is found by its words before the first one (`{points}`, `{n}`).
      const missing = keys.filter((k) => {
        const head = t(lang, k).split('{')[0]!;
        return !labels.some((l) => l.startsWith(head));
      });
      expect(missing, lang).toEqual([]);
    }
  });
});
