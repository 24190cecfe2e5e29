// The playground page: pick a chat and who you are, write commands, press the bot's buttons.
// Talks only to the JSON API of the local process (src/local/playground/api.ts); the Discord
// channel through its routes under /api/discord/ (src/local/playground/discord.ts), the VK
// conversation through /api/vk/ (src/local/playground/vk.ts).

const $ = (id) => document.getElementById(id);
const COLORS = ['#e17076', '#7bc862', '#65aadd', '#a695e7', '#ee7aae', '#6ec9cb', '#faa774'];

const ui = { state: null, chatId: null, me: null, replyTo: null, unread: new Set(), messages: [] };

async function api(method, path, body) {
  const response = await fetch(path, {
    method, headers: body ? { 'content-type': 'application/json' } : {}, body: body ? JSON.stringify(body) : undefined,
  });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.error || `${response.status}`);
  return data;
}

function el(tag, props = {}, ...children) {
  const node = Object.assign(document.createElement(tag), props);
  for (const child of children) if (child != null) node.append(child);
  return node;
}

function avatar(name, id) {
  return el('span', { className: 'avatar', textContent: name.slice(0, 1).toUpperCase(), style: `background:${COLORS[Math.abs(id) % COLORS.length]}` });
}

/** The phone layout (style.css): the chats and users in a drawer, shorter placeholders. */
const phone = window.matchMedia('(max-width: 700px)');
const openDrawer = (open) => document.body.classList.toggle('sidebar-open', open);

const currentChat = () => ui.state.chats.find((c) => c.id === ui.chatId);
const userById = (id) => ui.state.users.find((u) => u.id === id);
const isDiscord = (chat) => chat && chat.type === 'discord';
const isVk = (chat) => chat && chat.type === 'vk';

/** The Telegram users and chats, and the Discord server's channels beside them. */
async function loadState() {
  const [state, discord, vk] = await Promise.all([api('GET', '/api/state'), api('GET', '/api/discord/state').catch(() => null), api('GET', '/api/vk/state').catch(() => null)]);
  ui.discord = discord;
  ui.vk = vk;
  state.chats = [...state.chats, ...(discord ? discord.channels : []), ...(vk ? vk.chats : [])];
  ui.state = state;
}

function chatItem(chat) {
  const li = el('li', { className: `${chat.id === ui.chatId ? 'active' : ''}${isDiscord(chat) ? ' discord' : ''}${isVk(chat) ? ' vk' : ''}` },
    isDiscord(chat) ? el('span', { className: 'avatar discord-icon', textContent: '#' })
      : isVk(chat) ? el('span', { className: 'avatar vk-icon', textContent: 'VK' }) : avatar(chat.type === 'private' ? chat.title : '#', chat.id), chat.title);
  if (ui.unread.has(chat.id)) li.append(el('span', { className: 'dot' }));
  li.onclick = () => selectChat(chat.id);
  return li;
}

function renderSidebar() {
  $('chats').replaceChildren(...ui.state.chats.filter((c) => !isDiscord(c) && !isVk(c)).map(chatItem));
  $('vk-chats').replaceChildren(...ui.state.chats.filter(isVk).map(chatItem));
  $('vk-section').hidden = !ui.state.chats.some(isVk);
  $('discord-chats').replaceChildren(...ui.state.chats.filter(isDiscord).map(chatItem));
  $('discord-section').hidden = !ui.state.chats.some(isDiscord);
  $('users').replaceChildren(...ui.state.users.map((user) => {
    const li = el('li', { className: user.id === ui.me ? 'active' : '' }, avatar(user.first_name, user.id), `${user.first_name}`,
      el('small', { textContent: ` ${user.username ? `@${user.username} ` : ''}${user.language_code ?? ''}` }));
    li.onclick = () => selectMe(user.id);
    li.title = `be ${user.first_name}`;
    return li;
  }));
  $('me').replaceChildren(...ui.state.users.map((u) => el('option', { value: u.id, textContent: u.first_name, selected: u.id === ui.me })));
  const chat = currentChat();
  $('chat-title').textContent = chat ? chat.title : '';
  document.body.dataset.platform = isDiscord(chat) ? 'discord' : isVk(chat) ? 'vk' : 'telegram';
  $('quick-telegram').hidden = isDiscord(chat);
  $('quick-discord').hidden = !isDiscord(chat);
  $('text').placeholder = phone.matches
    ? (isDiscord(chat) ? '/nardy challenge, /nardy move…' : 'A message, /nardy or a move')
    : (isDiscord(chat) ? 'Type a slash command, e.g. /nardy challenge opponent:@Bob variant:short, or /nardy move 24/18 13/11' : 'Write a message or a command, e.g. /nardy — or your move, e.g. 24/18 13/11 or roll');
  // On a phone the chats are behind ☰: a dot on it when one of them has news.
  $('menu').replaceChildren('☰', ...(ui.unread.size > 0 ? [el('span', { className: 'dot' })] : []));
  $('text').title = isDiscord(chat) && ui.discord ? ui.discord.commands : '';
}

function selectMe(id) {
  openDrawer(false);
  ui.me = id;
  const chat = currentChat();
  if (chat && chat.type === 'private' && chat.id !== id) ui.chatId = id; // your own chat with the bot
  renderSidebar();
  refresh();
}

function selectChat(id) {
  openDrawer(false);
  ui.chatId = id;
  ui.unread.delete(id);
  const chat = currentChat();
  if (chat.type === 'private') ui.me = chat.id; // only its owner writes in a private chat (in Discord and VK: whoever "you are")
  setReply(null);
  renderSidebar();
  refresh(true);
}

function setReply(message) {
  ui.replyTo = message ? message.id : null;
  $('replying').hidden = !message;
  if (message) $('replying-text').textContent = `↪ replying to ${message.from}: ${(message.text ?? message.caption ?? 'photo').slice(0, 60)}`;
  if (message) $('text').focus();
}

function renderMessage(m) {
  const node = el('div', { className: `msg${m.fromBot ? ' bot' : ''}${m.fromId === ui.me ? ' mine' : ''}` });
  node.dataset.id = m.id;
  node.append(el('div', { className: 'who', textContent: m.from }));
  if (m.replyTo != null) {
    const quoted = ui.messages.find((q) => q.id === m.replyTo);
    node.append(el('div', { className: 'quote', textContent: quoted ? `${quoted.from}: ${quoted.text ?? quoted.caption ?? 'photo'}` : 'a message' }));
  }
  // Width and height reserve the picture's space before it loads, so a redraw does not jump the scroll.
  if (m.photo) node.append(el('img', { src: m.photo.src, alt: 'board', width: m.photo.width || undefined, height: m.photo.height || undefined }));
  if (m.document) node.append(el('a', { className: 'file', href: m.document.src, download: m.document.name, textContent: `📄 ${m.document.name}` }));
  const body = m.text ?? m.caption;
  if (body) node.append(el('div', { className: 'body', textContent: body }));
  if (m.buttons.length > 0) node.append(keyboard(m));
  const reply = el('a', { textContent: 'reply', title: 'reply to this message (a /nardy reply challenges its author)' });
  reply.onclick = () => setReply(m);
  node.append(el('div', { className: 'meta' }, m.edited ? 'edited ' : '', new Date(m.date * 1000).toLocaleTimeString(), ' ', reply));
  return node;
}

/** A Discord message: "X used /nardy …" above the bot's reply, its content, the board picture, the buttons; an ephemeral one marked. */
function renderDiscordMessage(m) {
  const node = el('div', { className: `msg dmsg${m.fromBot ? ' bot' : ''}${m.ephemeral ? ' ephemeral' : ''}` });
  node.dataset.id = m.id;
  if (m.command) node.append(el('div', { className: 'used', textContent: `↱ ${m.command}` }));
  node.append(el('div', { className: 'who' }, m.from, m.fromBot ? el('span', { className: 'app', textContent: 'APP' }) : null));
  if (m.thinking) node.append(el('div', { className: 'body thinking', textContent: `${m.from} is thinking…` }));
  else if (m.content) node.append(el('div', { className: 'body', textContent: m.content }));
  for (const image of m.images) node.append(el('img', { src: image.src, alt: 'board', width: image.width || undefined, height: image.height || undefined }));
  for (const file of m.files ?? []) node.append(el('a', { className: 'file', href: file.src, download: file.name, textContent: `📄 ${file.name}` }));
  if (m.buttons.length > 0) node.append(keyboard(m));
  const meta = el('div', { className: 'meta' });
  if (m.ephemeral) meta.append(el('span', { className: 'only-you', textContent: '👁 only you can see this' }));
  if (m.edited) meta.append('(edited)');
  if (meta.childNodes.length > 0) node.append(meta);
  return node;
}

function keyboard(m) {
  return el('div', { className: 'keyboard' }, ...m.buttons.map((row) => el('div', { className: 'krow' }, ...row.map((b) => {
    const button = el('button', { type: 'button', textContent: b.text });
    if (b.data) button.onclick = () => press(m, b, button);
    else if (b.start) button.onclick = () => openDeepLink(b.start);
    else if (b.url) { button.className = 'link'; button.onclick = () => window.open(b.url, '_blank', 'noopener'); }
    else button.disabled = true;
    return button;
  }))));
}

async function refresh(scrollDown = false) {
  if (ui.chatId == null) return;
  const chatId = ui.chatId;
  const me = ui.me;
  const chat = currentChat();
  // In Discord the channel looks different to each user: ephemeral replies are theirs alone.
  const path = isDiscord(chat) ? `/api/discord/channels/${chat.channelId}/messages/${me}` : isVk(chat) ? `/api/vk/chats/${chat.peerId}/messages` : `/api/chats/${chatId}/messages`;
  const messages = await api('GET', path).catch(() => null);
  if (!messages || chatId !== ui.chatId || me !== ui.me) return;
  ui.messages = messages;
  const box = $('messages');
  const nearBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  if (messages.length === 0) {
    // The Telegram chats come back after a restart (chat-archive.ts), the Discord channel does not; games are kept either way.
    const hint = isDiscord(chat)
      ? 'No messages yet. Type /nardy challenge opponent:@Bob variant:short — or /nardy help. The bot here is the real Discord interactions handler. A game from before a restart: /nardy games → the ⬇️ button of a game puts its board back here.'
      : 'No messages yet. Try /nardy — or reply to a friend\'s message with /nardy to challenge them. A game of yours from before: /games → the ⬇️ button of a game puts its board back here.';
    box.replaceChildren(el('p', { className: 'empty', textContent: hint }));
  } else showMessages(box, `${path}@${me}`, messages, isDiscord(chat) ? renderDiscordMessage : renderMessage);
  if (scrollDown || nearBottom) box.scrollTop = box.scrollHeight;
}

/** The node of each message shown, with what it was drawn from. */
let shown = new Map();

/**
 * Shows `messages` in `box`, drawing anew only the messages that changed and leaving the others'
 * nodes where they are: a click is a press and a release on the same node, so a button replaced in
 * between (the bot edits or posts something else meanwhile) would swallow the click.
 */
function showMessages(box, where, messages, render) {
  const next = new Map();
  const nodes = messages.map((m) => {
    const quoted = m.replyTo == null ? undefined : ui.messages.find((q) => q.id === m.replyTo);
    const drawnFrom = JSON.stringify([m, quoted?.text ?? quoted?.caption]);
    const id = `${where}#${m.id}`;
    const old = shown.get(id);
    const node = old && old.drawnFrom === drawnFrom ? old.node : render(m);
    next.set(id, { drawnFrom, node });
    return node;
  });
  shown = next;
  let cursor = box.firstChild;
  for (const node of nodes) {
    if (node === cursor) cursor = cursor.nextSibling;
    else box.insertBefore(node, cursor);
  }
  while (cursor) {
    const after = cursor.nextSibling;
    cursor.remove();
    cursor = after;
  }
}

let toastTimer;
function toast(text, alert = false) {
  const node = $('toast');
  node.textContent = text;
  node.className = alert ? 'alert' : '';
  node.hidden = false;
  clearTimeout(toastTimer);
  toastTimer = setTimeout(() => { node.hidden = true; }, alert ? 6000 : 2500);
}
$('toast').onclick = () => { $('toast').hidden = true; };

async function say(text) {
  const chat = currentChat();
  if (isDiscord(chat)) return command(chat, text);
  try {
    const path = isVk(chat) ? `/api/vk/chats/${chat.peerId}/messages` : `/api/chats/${chat.id}/messages`;
    const { status } = await api('POST', path, { userId: ui.me, text, replyTo: ui.replyTo ?? undefined });
    if (status !== 200) toast(`the bot answered HTTP ${status}`);
    setReply(null);
  } catch (error) {
    toast(`Not sent: ${error.message}`);
  }
  refresh(true);
}

/** A slash command in the Discord channel: the server builds the interaction, signs it and posts it to POST /discord. */
async function command(chat, text) {
  try {
    const { status } = await api('POST', `/api/discord/channels/${chat.channelId}/commands`, { userId: ui.me, text });
    if (status !== 200) toast(`the bot answered HTTP ${status}`);
  } catch (error) {
    toast(`Not sent: ${error.message}`, true);
  }
  refresh(true);
}

async function press(m, b, button) {
  // Disabled while the press is on its way; a message left as it was (a refused press) keeps its node, so it is enabled again after.
  button.disabled = true;
  const chat = currentChat();
  try {
    if (isDiscord(chat)) {
      const { status } = await api('POST', `/api/discord/channels/${chat.channelId}/press`, { userId: ui.me, messageId: m.id, customId: b.data });
      if (status !== 200) toast(`the bot answered HTTP ${status}`);
    } else {
      const path = isVk(chat) ? `/api/vk/chats/${chat.peerId}/press` : `/api/chats/${ui.chatId}/press`;
      const { status, answer } = await api('POST', path, { userId: ui.me, messageId: m.id, data: b.data });
      if (answer && answer.text) toast(answer.text, answer.show_alert);
      if (status !== 200) toast(`the bot answered HTTP ${status}`);
    }
  } catch (error) {
    toast(`Not pressed: ${error.message}`);
  } finally {
    button.disabled = false;
  }
  await refresh();
}

/** A t.me link to the bot with ?start=…: open your private chat with the bot and send /start … there. */
async function openDeepLink(payload) {
  selectChat(ui.me);
  await say(`/start ${payload}`);
}

$('composer').onsubmit = (event) => {
  event.preventDefault();
  const text = $('text').value.trim();
  if (!text) return;
  $('text').value = '';
  say(text);
};
// "{other}": the first user who is not you (whom a quick challenge names).
const otherUser = () => (ui.state.users.find((u) => u.id !== ui.me) ?? ui.state.users[0]).first_name;
for (const button of document.querySelectorAll('.quick button')) button.onclick = () => say(button.dataset.say.replace('{other}', otherUser()));
$('cancel-reply').onclick = () => setReply(null);
$('menu').onclick = () => openDrawer(!document.body.classList.contains('sidebar-open'));
// A tap beside the open drawer (on its shade over the chat) closes it.
document.querySelector('main').addEventListener('click', (event) => {
  if (document.body.classList.contains('sidebar-open') && event.target !== $('menu')) {
    event.stopPropagation();
    event.preventDefault();
    openDrawer(false);
  }
}, true);
phone.addEventListener('change', renderSidebar);
$('me').onchange = () => selectMe(Number($('me').value));
$('add-user').onsubmit = async (event) => {
  event.preventDefault();
  try {
    const user = await api('POST', '/api/users', { name: $('new-name').value.trim(), language: $('new-lang').value });
    $('new-name').value = '';
    await loadState();
    selectMe(user.id);
  } catch (error) {
    toast(error.message);
  }
};

function listen() {
  let pending;
  const onChange = (event) => {
    const { chatId } = JSON.parse(event.data);
    if (chatId != null && chatId !== ui.chatId) {
      if (!ui.unread.has(chatId) && ui.state.chats.some((c) => c.id === chatId)) { ui.unread.add(chatId); renderSidebar(); }
      return;
    }
    clearTimeout(pending);
    pending = setTimeout(() => refresh(), 60);
  };
  new EventSource('/api/events').addEventListener('change', onChange);
  if (ui.discord) new EventSource('/api/discord/events').addEventListener('change', onChange);
  if (ui.vk) new EventSource('/api/vk/events').addEventListener('change', onChange);
}

await loadState();
ui.me = ui.state.users[0].id;
selectChat(ui.state.chats[0].id);
listen();
