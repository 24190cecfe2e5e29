import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeToken, encodeToken, useTokenKey, type Choice, type Token } from '../../src/app/tokens.ts';

const choice: fc.Arbitrary<Choice> = fc.oneof(
  fc.constantFrom<Choice>(
    { k: 'accept' }, { k: 'decline' }, { k: 'cancel' }, { k: 'roll' }, { k: 'double' }, { k: 'take' }, { k: 'beaver' },
    { k: 'askPass' }, { k: 'pass' }, { k: 'askResign' }, { k: 'resign' }, { k: 'acceptResign' }, { k: 'declineResign' },
    { k: 'back' }, { k: 'undo' }, { k: 'confirm' }, { k: 'settings' }, { k: 'rematch' }, { k: 'history' },
  ),
  fc.record({ key: fc.constantFrom('v', 'm', 'c', 'g', 'w', 'p', 'k', 'l'), value: fc.stringMatching(/^[a-z0-9]{1,2}$/) }).map((s): Choice => ({ k: 'set', ...s })),
  fc.integer({ min: 0, max: 99 }).map((i): Choice => ({ k: 'play', i })),
  fc.integer({ min: 1, max: 25 }).map((from): Choice => ({ k: 'pick', from })),
  fc.record({ from: fc.integer({ min: 1, max: 25 }), to: fc.integer({ min: 0, max: 24 }), die: fc.integer({ min: 1, max: 6 }) }).map((s): Choice => ({ k: 'step', ...s })),
);

const token: fc.Arbitrary<Token> = fc.record({
  surface: fc.constantFrom<'board' | 'text'>('board', 'text'),
  gameId: fc.stringMatching(/^[a-z0-9]{10}$/),
  version: fc.integer({ min: 1, max: 10_000_000 }),
  choice,
});

describe('button tokens: opaque, short, checked on every press', () => {
  it('every token fits Telegram\'s 64-byte callback_data and decodes to itself', () => {
    fc.assert(fc.property(token, (tok) => {
      const text = encodeToken(tok);
      expect(Buffer.byteLength(text)).toBeLessThanOrEqual(64);
      expect(decodeToken(text)).toEqual(tok);
    }));
  });

  it('forged or garbage tokens decode to nothing', () => {
    for (const bad of ['', 'g', 'g:abc:1:r', 'g:abcdef:1:zz', 'x:abcdef:1:r', 'g:ABCDEF:1:r', 'g:abcdef:1:s30.2.1', 'g:abcdef:1:s13.7.9', 'g:abcdef:1:L', 'g:abcdef::r', 'g:abcdef:1:r:extra', 'a'.repeat(65)]) {
      expect(decodeToken(bad), bad).toBeUndefined();
    }
    fc.assert(fc.property(fc.string({ maxLength: 80 }), (s) => {
      const d = decodeToken(s);
      if (d) {
        const { unsigned: _legacy, ...signed } = d;
        expect(decodeToken(encodeToken(d))).toEqual(signed);
      }
    }));
  });

  it('a token carries a MAC of everything else in it: change a character and it is refused (issue 20, item 7)', () => {
    fc.assert(fc.property(token, fc.nat(), fc.integer({ min: 1, max: 60 }), (tok, at, shift) => {
      const text = encodeToken(tok);
      const i = at % text.length;
      if (text[i] === ':') return;
      const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_.';
      const changed = text.slice(0, i) + alphabet[(alphabet.indexOf(text[i]!) + shift) % alphabet.length] + text.slice(i + 1);
      if (changed !== text) expect(decodeToken(changed), changed).toBeUndefined();
    }));
  });

  it('a MAC made under another key is refused; a token without one (a board from before) is read as unsigned', () => {
    const tok: Token = { surface: 'board', gameId: 'abcdef1234', version: 7, choice: { k: 'roll' } };
    const text = encodeToken(tok);
    try {
      useTokenKey('another deployment');
      expect(decodeToken(text)).toBeUndefined();
      expect(decodeToken(encodeToken(tok))).toEqual(tok);
    } finally {
      useTokenKey('nardy-development-button-key');
    }
    expect(decodeToken(text)).toEqual(tok);
    expect(decodeToken('g:abcdef1234:7:r')).toEqual({ ...tok, unsigned: true });
  });
});
