import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TelegramApi, TgMessage } from '../../src/local/telegram-api/index.ts';
import { alice, BOT, bob, callApi, group, keyboard, png, result, standIn, TOKEN, upload } from './telegram-api-fixtures.ts';

const NOT_MODIFIED =
  'Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message';

let api: TelegramApi;
beforeEach(async () => {
  api = await standIn();
});
afterEach(() => api.close());

describe('Bot API stand-in: addressing and authorisation', () => {
  it('answers getMe with the bot as a User with its bot flags', async () => {
    const me = result(await callApi(api, 'getMe'));
    expect(me).toMatchObject({ id: BOT.id, is_bot: true, first_name: 'Nardy', username: 'nardy_test_bot', supports_inline_queries: true });
  });

  it('refuses a wrong token with 401 Unauthorized, and records the call', async () => {
    const answer = await callApi(api, 'getMe', {}, '123456:wrong');
    expect(answer).toEqual({ status: 401, body: { ok: false, error_code: 401, description: 'Unauthorized' } });
    expect(api.calls.at(-1)).toMatchObject({ method: 'getMe', status: 401 });
  });

  it('answers an unknown method with 404 Not Found', async () => {
    expect(await callApi(api, 'sendHologram')).toEqual({ status: 404, body: { ok: false, error_code: 404, description: 'Not Found' } });
  });

  it('takes method names in any case, GET query strings and urlencoded bodies, as the real API does', async () => {
    expect(result(await callApi(api, 'GETME'))).toMatchObject({ id: BOT.id });
    const viaGet = await fetch(`${api.apiRoot}/bot${TOKEN}/sendMessage?chat_id=${group.id}&text=hi`);
    expect(((await viaGet.json()) as { result: TgMessage }).result.text).toBe('hi');
    const form = await fetch(`${api.apiRoot}/bot${TOKEN}/sendMessage`, { method: 'POST', body: new URLSearchParams({ chat_id: String(group.id), text: 'form' }) });
    expect(((await form.json()) as { result: TgMessage }).result.text).toBe('form');
    expect(api.callsOf('sendMessage').map((call) => call.params.chat_id)).toEqual([group.id, group.id]);
  });
});

describe('Bot API stand-in: sendMessage', () => {
  it('returns a real Message: per-chat increasing ids, date in seconds, the bot as sender, the chat', async () => {
    const first = result<TgMessage>(await callApi(api, 'sendMessage', { chat_id: group.id, text: 'one' }));
    const second = result<TgMessage>(await callApi(api, 'sendMessage', { chat_id: group.id, text: 'two' }));
    const elsewhere = result<TgMessage>(await callApi(api, 'sendMessage', { chat_id: alice.id, text: 'hi' }));
    expect([first.message_id, second.message_id, elsewhere.message_id]).toEqual([1, 2, 1]);
    expect(first.from).toEqual({ id: BOT.id, is_bot: true, first_name: 'Nardy', username: 'nardy_test_bot' });
    expect(first.chat).toEqual(group);
    expect(Math.abs(first.date - Date.now() / 1000)).toBeLessThan(5);
    expect(elsewhere.chat).toMatchObject({ id: alice.id, type: 'private' });
  });

  it('applies parse_mode, keeps the inline keyboard and links the replied message', async () => {
    const question = result<TgMessage>(await callApi(api, 'sendMessage', { chat_id: group.id, text: 'Play?' }));
    const markup = keyboard([['Accept', 'a|1'], ['Cancel', 'c|1']]);
    const sent = result<TgMessage>(await callApi(api, 'sendMessage', {
      chat_id: group.id, text: '<b>Alice</b> &lt;3 nardy', parse_mode: 'HTML', reply_markup: markup,
      reply_parameters: { message_id: question.message_id },
    }));
    expect(sent.text).toBe('Alice <3 nardy');
    expect(sent.entities).toEqual([{ type: 'bold', offset: 0, length: 5 }]);
    expect(sent.reply_markup).toEqual(markup);
    expect(sent.reply_to_message?.message_id).toBe(question.message_id);
    const stored = api.message(group.id, sent.message_id);
    expect(stored).toMatchObject({ text: 'Alice <3 nardy', reply_markup: markup, deleted: false, edits: 0, fromBot: true });
  });

  it('refuses what the real API refuses', async () => {
    const cases: [Record<string, unknown>, number, string][] = [
      [{ chat_id: group.id, text: '' }, 400, 'Bad Request: message text is empty'],
      [{ chat_id: group.id, text: 'x'.repeat(4097) }, 400, 'Bad Request: message is too long'],
      [{ text: 'x' }, 400, 'Bad Request: chat_id is empty'],
      [{ chat_id: -42, text: 'x' }, 400, 'Bad Request: chat not found'],
      [{ chat_id: bob.id, text: 'x' }, 403, "Forbidden: bot can't initiate conversation with a user"],
      [{ chat_id: group.id, text: 'a <br> b', parse_mode: 'HTML' }, 400, 'Bad Request: can\'t parse entities: Unsupported start tag "br" at byte offset 2'],
      [{ chat_id: group.id, text: 'x', reply_to_message_id: 99 }, 400, 'Bad Request: message to be replied not found'],
      [{ chat_id: group.id, text: 'x', reply_markup: keyboard([['Too long', 'd'.repeat(65)]]) }, 400, 'Bad Request: BUTTON_DATA_INVALID'],
      [{ chat_id: group.id, text: 'x', reply_markup: { inline_keyboard: [[{ text: 'No action' }]] } }, 400,
        "Bad Request: can't parse inline keyboard button: Text buttons are unallowed in the inline keyboard"],
    ];
    for (const [params, status, description] of cases) {
      expect(await callApi(api, 'sendMessage', params)).toEqual({ status, body: { ok: false, error_code: status, description } });
    }
    expect(api.messages(group.id)).toEqual([]);
  });
});

describe('Bot API stand-in: photos', () => {
  it('takes a multipart sendPhoto upload and answers with PhotoSizes whose file ids can be sent again', async () => {
    const board = await png(960, 896, '#2b5d34');
    const answer = await upload(api, 'sendPhoto', { chat_id: group.id, caption: 'Alice vs Bob', reply_markup: keyboard([['Roll', 'r|1']]) },
      { photo: { bytes: board, filename: 'board.png' } });
    const sent = result<TgMessage>(answer);
    expect(sent.caption).toBe('Alice vs Bob');
    expect(sent.photo?.map(({ width, height }) => [width, height])).toEqual([[90, 84], [320, 299], [800, 747], [960, 896]]);
    const call = api.callsOf('sendPhoto')[0];
    expect(call?.files.photo).toMatchObject({ filename: 'board.png', mimeType: 'image/png', size: board.length });
    expect(call?.params).toMatchObject({ chat_id: group.id, reply_markup: keyboard([['Roll', 'r|1']]) });
    expect(api.message(group.id, sent.message_id)?.photo?.bytes.equals(board)).toBe(true);

    const fileId = sent.photo?.[0]?.file_id as string;
    const again = result<TgMessage>(await callApi(api, 'sendPhoto', { chat_id: alice.id, photo: fileId }));
    expect(again.photo).toEqual(sent.photo);
    const file = result<{ file_path: string }>(await callApi(api, 'getFile', { file_id: fileId }));
    const download = await fetch(`${api.apiRoot}/file/bot${TOKEN}/${file.file_path}`);
    expect(Buffer.from(await download.arrayBuffer()).equals(board)).toBe(true);
  });

  it('refuses a photo that is not an image, an unknown file id and a missing photo', async () => {
    const notImage = await upload(api, 'sendPhoto', { chat_id: group.id }, { photo: { bytes: Buffer.from('not a picture'), filename: 'x.png' } });
    expect(notImage.body.description).toBe('Bad Request: IMAGE_PROCESS_FAILED');
    expect((await callApi(api, 'sendPhoto', { chat_id: group.id, photo: 'AgACnope' })).body.description).toBe('Bad Request: wrong file identifier/HTTP URL specified');
    expect((await callApi(api, 'sendPhoto', { chat_id: group.id })).body.description).toBe('Bad Request: there is no photo in the request');
  });

  it('replaces the picture in place with editMessageMedia and an attach:// part', async () => {
    const sent = result<TgMessage>(await upload(api, 'sendPhoto', { chat_id: group.id, caption: 'turn 1' }, { photo: { bytes: await png(96, 90, 'red'), filename: 'a.png' } }));
    const next = await png(96, 90, 'blue');
    const media = { type: 'photo', media: 'attach://board2', caption: '<i>turn 2</i>', parse_mode: 'HTML' };
    const edited = result<TgMessage>(await upload(api, 'editMessageMedia',
      { chat_id: group.id, message_id: sent.message_id, media, reply_markup: keyboard([['6/off', 's|6|0']]) },
      { board2: { bytes: next, filename: 'board2.png' } }));
    expect(edited).toMatchObject({ message_id: sent.message_id, caption: 'turn 2', caption_entities: [{ type: 'italic', offset: 0, length: 6 }] });
    expect(edited.edit_date).toBeTypeOf('number');
    expect(edited.photo?.at(-1)?.file_id).not.toBe(sent.photo?.at(-1)?.file_id);
    const stored = api.message(group.id, sent.message_id);
    expect(stored?.photo?.bytes.equals(next)).toBe(true);
    expect(stored).toMatchObject({ caption: 'turn 2', edits: 1, reply_markup: keyboard([['6/off', 's|6|0']]) });
    expect(api.callsOf('editMessageMedia')[0]?.params.media).toEqual(media);
  });

  it('answers editMessageMedia errors as the real API', async () => {
    const text = result<TgMessage>(await callApi(api, 'sendMessage', { chat_id: group.id, text: 'plain' }));
    const photo = result<TgMessage>(await upload(api, 'sendPhoto', { chat_id: group.id, caption: 'c' }, { photo: { bytes: await png(40, 40, 'red'), filename: 'a.png' } }));
    const same = { type: 'photo', media: photo.photo?.at(-1)?.file_id, caption: 'c' };
    expect((await callApi(api, 'editMessageMedia', { chat_id: group.id, message_id: text.message_id, media: same })).body.description)
      .toBe('Bad Request: there is no media in the message to edit');
    expect((await callApi(api, 'editMessageMedia', { chat_id: group.id, message_id: 77, media: same })).body.description)
      .toBe('Bad Request: message to edit not found');
    expect((await callApi(api, 'editMessageMedia', { chat_id: group.id, message_id: photo.message_id, media: same })).body.description).toBe(NOT_MODIFIED);
    const missingPart = await upload(api, 'editMessageMedia', { chat_id: group.id, message_id: photo.message_id, media: { type: 'photo', media: 'attach://nope' } }, {});
    expect(missingPart.body.description).toBe("Bad Request: can't parse InputMedia: media not found");
  });
});

describe('Bot API stand-in: edits and deletions', () => {
  it('edits captions, keyboards and texts, and refuses edits that change nothing', async () => {
    const photo = result<TgMessage>(await upload(api, 'sendPhoto', { chat_id: group.id, caption: 'a', reply_markup: keyboard([['x', 'x']]) }, { photo: { bytes: await png(40, 40, 'red'), filename: 'a.png' } }));
    const at = { chat_id: group.id, message_id: photo.message_id };
    expect(result<TgMessage>(await callApi(api, 'editMessageCaption', { ...at, caption: 'b', reply_markup: keyboard([['x', 'x']]) })).caption).toBe('b');
    expect((await callApi(api, 'editMessageCaption', { ...at, caption: 'b', reply_markup: keyboard([['x', 'x']]) })).body.description).toBe(NOT_MODIFIED);
    expect(result<TgMessage>(await callApi(api, 'editMessageReplyMarkup', { ...at, reply_markup: keyboard([['y', 'y']]) })).reply_markup).toEqual(keyboard([['y', 'y']]));
    expect((await callApi(api, 'editMessageReplyMarkup', { ...at, reply_markup: keyboard([['y', 'y']]) })).body.description).toBe(NOT_MODIFIED);
    expect((await callApi(api, 'editMessageText', { ...at, text: 't' })).body.description).toBe('Bad Request: there is no text in the message to edit');
    // An edit without reply_markup removes the keyboard, as in Telegram.
    expect(result<TgMessage>(await callApi(api, 'editMessageCaption', { ...at, caption: 'c' })).reply_markup).toBeUndefined();
    expect(api.message(group.id, photo.message_id)).toMatchObject({ caption: 'c', reply_markup: undefined, edits: 3 });

    const text = result<TgMessage>(await callApi(api, 'sendMessage', { chat_id: group.id, text: 'one' }));
    const textAt = { chat_id: group.id, message_id: text.message_id };
    expect(result<TgMessage>(await callApi(api, 'editMessageText', { ...textAt, text: 'two' })).text).toBe('two');
    expect((await callApi(api, 'editMessageText', { ...textAt, text: 'two' })).body.description).toBe(NOT_MODIFIED);
    expect((await callApi(api, 'editMessageCaption', { ...textAt, caption: 'c' })).body.description).toBe('Bad Request: there is no caption in the message to edit');
    expect((await callApi(api, 'editMessageText', { chat_id: group.id, message_id: 99, text: 'x' })).body.description).toBe('Bad Request: message to edit not found');
  });

  it('refuses to edit a message a user sent', async () => {
    const update = api.userMessage(alice, group, 'hello');
    const edit = await callApi(api, 'editMessageText', { chat_id: group.id, message_id: update.message?.message_id, text: 'forged' });
    expect(edit.body.description).toBe("Bad Request: message can't be edited");
  });

  it('deletes a message once; a second delete or an edit of it finds nothing', async () => {
    const sent = result<TgMessage>(await callApi(api, 'sendMessage', { chat_id: group.id, text: 'your turn' }));
    const at = { chat_id: group.id, message_id: sent.message_id };
    expect(result<boolean>(await callApi(api, 'deleteMessage', at))).toBe(true);
    expect(await callApi(api, 'deleteMessage', at)).toEqual({ status: 400, body: { ok: false, error_code: 400, description: 'Bad Request: message to delete not found' } });
    expect((await callApi(api, 'editMessageText', { ...at, text: 'x' })).body.description).toBe('Bad Request: message to edit not found');
    expect(api.messages(group.id)).toMatchObject([{ message_id: sent.message_id, deleted: true }]);
  });

  it('cannot delete a message older than 48 hours', async () => {
    let now = Date.UTC(2026, 0, 1);
    const clocked = await standIn({ now: () => now });
    try {
      const sent = result<TgMessage>(await callApi(clocked, 'sendMessage', { chat_id: group.id, text: 'old' }));
      now += 48 * 3600 * 1000;
      expect((await callApi(clocked, 'deleteMessage', { chat_id: group.id, message_id: sent.message_id })).body.description)
        .toBe("Bad Request: message can't be deleted for everyone");
    } finally {
      await clocked.close();
    }
  });
});
