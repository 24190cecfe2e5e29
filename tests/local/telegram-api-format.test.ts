import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/local/telegram-api/errors.ts';
import { formatText } from '../../src/local/telegram-api/format.ts';
import { parseMultipart } from '../../src/local/telegram-api/request-body.ts';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return error.description;
    throw error;
  }
  throw new Error('expected a refusal');
}

describe('parse_mode HTML', () => {
  it('turns tags into entities with UTF-16 offsets and decodes the four named and numeric entities', () => {
    expect(formatText('Ход <b>Нодар</b>: <code>24/18</code> &amp; <a href="https://t.me/x">link</a> &#128512;', 'HTML', undefined)).toEqual({
      text: 'Ход Нодар: 24/18 & link 😀',
      entities: [
        { type: 'bold', offset: 4, length: 5 },
        { type: 'code', offset: 11, length: 5 },
        { type: 'text_link', offset: 19, length: 4, url: 'https://t.me/x' },
      ],
    });
    expect(formatText('<a href="tg://user?id=42">Bob</a>', 'html', undefined).entities).toEqual([
      { type: 'text_mention', offset: 0, length: 3, user: { id: 42, first_name: '' } },
    ]);
    expect(formatText('<pre><code class="language-text">x</code></pre>', 'HTML', undefined).entities).toEqual([
      { type: 'pre', offset: 0, length: 1, language: 'text' },
    ]);
  });

  it('refuses unescaped "<", unknown tags and unbalanced tags as Telegram does', () => {
    expect(refusal(() => formatText('1 < 2', 'HTML', undefined))).toBe('Bad Request: can\'t parse entities: Unsupported start tag "" at byte offset 2');
    expect(refusal(() => formatText('<b>x</i>', 'HTML', undefined))).toBe('Bad Request: can\'t parse entities: Unmatched end tag at byte offset 4, expected "</b>", found "</i>"');
    expect(refusal(() => formatText('<b>x', 'HTML', undefined))).toBe('Bad Request: can\'t parse entities: Can\'t find end tag corresponding to start tag "b"');
    expect(refusal(() => formatText('x', 'Fancy', undefined))).toBe('Bad Request: unsupported parse_mode');
  });
});

describe('parse_mode MarkdownV2 and Markdown', () => {
  it('parses nested MarkdownV2 entities, escapes, links and pre with a language', () => {
    expect(formatText('*bold _it_* \\. [a](https://x.y/\\)) ```js\ncode```', 'MarkdownV2', undefined)).toEqual({
      text: 'bold it . a code',
      entities: [
        { type: 'bold', offset: 0, length: 7 },
        { type: 'italic', offset: 5, length: 2 },
        { type: 'text_link', offset: 10, length: 1, url: 'https://x.y/)' },
        { type: 'pre', offset: 12, length: 4, language: 'js' },
      ],
    });
  });

  it('refuses an unescaped reserved character and an unclosed entity', () => {
    expect(refusal(() => formatText('Score 1-0.', 'MarkdownV2', undefined))).toBe("Bad Request: can't parse entities: Character '-' is reserved and must be escaped with the preceding '\\'");
    expect(refusal(() => formatText('*bold', 'MarkdownV2', undefined))).toBe("Bad Request: can't parse entities: Can't find end of Bold entity at byte offset 0");
  });

  it('parses legacy Markdown without nesting', () => {
    expect(formatText('*b* _i_ `c` [l](https://e.x)', 'Markdown', undefined)).toEqual({
      text: 'b i c l',
      entities: [
        { type: 'bold', offset: 0, length: 1 },
        { type: 'italic', offset: 2, length: 1 },
        { type: 'code', offset: 4, length: 1 },
        { type: 'text_link', offset: 6, length: 1, url: 'https://e.x' },
      ],
    });
    expect(refusal(() => formatText('_open', 'Markdown', undefined))).toBe("Bad Request: can't parse entities: Can't find end of the entity starting at byte offset 0");
  });
});

describe('multipart/form-data parsing', () => {
  it('reads fields and binary file parts, with or without a space after the header colon', () => {
    const bytes = Buffer.from([0, 1, 2, 13, 10, 45, 45, 255]);
    const body = Buffer.concat([
      Buffer.from('--XyZ\r\ncontent-disposition:form-data; name="chat_id"\r\n\r\n-100\r\n'),
      Buffer.from('--XyZ\r\nContent-Disposition: form-data; name="photo"; filename="b \\"1\\".png"\r\nContent-Type: image/png\r\n\r\n'),
      bytes,
      Buffer.from('\r\n--XyZ--'),
    ]);
    const parts = parseMultipart(body, 'XyZ');
    expect(parts.fields).toEqual({ chat_id: '-100' });
    expect(parts.files.photo).toMatchObject({ filename: 'b "1".png', mimeType: 'image/png', size: bytes.length });
    expect(parts.files.photo?.bytes.equals(bytes)).toBe(true);
  });
});
