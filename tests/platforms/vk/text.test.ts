/**
 * What users write never becomes a mention in VK (review F8 on Discord, the same for VK): only the
 * app's own mentions are live, written as `[id123|Name]`.
 */
import { describe, expect, it } from 'vitest';
import { defuse, markMention, parseEvent, vkText } from '../../../src/platforms/vk/index.ts';

const LIVE = /\[(id|club|public)\d+\|[^\]]*\]|(^|[^\p{L}\p{N}_])[@*](id\d+|all|online|все|здесь|everyone|durov)\b/u;

describe('VK text: mentions', () => {
  it('the app\'s mention is live, a name cannot close it or open another', () => {
    expect(vkText(`${markMention('123', 'Anna')} to move`)).toBe('[id123|Anna] to move');
    expect(vkText(markMention('1', 'x] [id2|y'))).toBe('[id1|x id2y]');
  });

  it('everything a user made is shown as typed but is no mention', () => {
    for (const typed of ['[id1|Pavel]', '[club1|club]', '@id1 (Pavel)', '*durov', '@all', '@online', '@все', 'a@all', 'mail me at a@b.c']) {
      const shown = vkText(`${typed} challenges you`);
      expect(shown.replace(/\u2060/g, '')).toBe(`${typed} challenges you`);
      if (!typed.includes('a@')) expect(LIVE.test(shown), `${typed} → ${shown}`).toBe(false);
    }
    expect(defuse('\uE010123\uE011x\uE012')).toBe('123x');
  });

  it('a name an event brings in cannot carry our mark', () => {
    const event = { type: 'message_new', event_id: 'e1', group_id: 1, object: { message: { from_id: 5, peer_id: 5, text: '/nardy [id7|\uE010 7\uE011x\uE012]', conversation_message_id: 1 } } };
    const intent = parseEvent(event, 1, new Map([[5, '\uE010 5\uE011evil\uE012']]));
    expect(JSON.stringify(intent)).not.toMatch(/[\uE010-\uE012]/);
  });
});
