// The playground page: pick a chat and who you are, write commands, press the bot's buttons.
// Talks only to the JSON API of the local process (src/local/playground/api.ts).

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

const currentChat = () => ui.state.chats.find((c) => c.id === ui.chatId);
const userById = (id) => ui.state.users.find((u) => u.id === id);

function renderSidebar() {
  $('chats').replaceChildren(...ui.state.chats.map((chat) => {
    const li = el('li', { className: chat.id === ui.chatId ? 'active' : '' }, avatar(chat.type === 'private' ? chat.title : '#', chat.id), chat.title);
    if (ui.unread.has(chat.id)) li.append(el('span', { className: 'dot' }));
    li.onclick = () => selectChat(chat.id);
    return li;
  }));
  $('users').replaceChildren(...ui.state.users.map((user) => {
    const li = el('li', { className: user.id === ui.me ? 'active' : '' }, avatar(user.first_name, user.id), `${user.first_name}`,
      el('small', { textContent: ` ${user.language_code ?? ''}` }));
    li.onclick = () => selectMe(user.id);
    li.title = `be ${user.first_name}`;
    return li;
  }));
  $('me').replaceChildren(...ui.state.users.map((u) => el('option', { value: u.id, textContent: u.first_name, selected: u.id === ui.me })));
  const chat = currentChat();
  $('chat-title').textContent = chat ? chat.title : '';
}

function selectMe(id) {
  ui.me = id;
  const chat = currentChat();
  if (chat && chat.type === 'private' && chat.id !== id) ui.chatId = id; // your own chat with the bot
  renderSidebar();
  refresh();
}

function selectChat(id) {
  ui.chatId = id;
  ui.unread.delete(id);
  const chat = currentChat();
  if (chat.type === 'private') ui.me = chat.id; // only its owner writes in a private chat
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
  const body = m.text ?? m.caption;
  if (body) node.append(el('div', { className: 'body', textContent: body }));
  if (m.buttons.length > 0) node.append(keyboard(m));
  const reply = el('a', { textContent: 'reply', title: 'reply to this message (a /nardy reply challenges its author)' });
  reply.onclick = () => setReply(m);
  node.append(el('div', { className: 'meta' }, m.edited ? 'edited ' : '', new Date(m.date * 1000).toLocaleTimeString(), ' ', reply));
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
  const messages = await api('GET', `/api/chats/${chatId}/messages`).catch(() => null);
  if (!messages || chatId !== ui.chatId) return;
  ui.messages = messages;
  const box = $('messages');
  const nearBottom = box.scrollHeight - box.scrollTop - box.clientHeight < 80;
  if (messages.length === 0) {
    box.replaceChildren(el('p', { className: 'empty', textContent: 'No messages yet. Try /nardy — or reply to a friend\'s message with /nardy to challenge them.' }));
  } else box.replaceChildren(...messages.map(renderMessage));
  if (scrollDown || nearBottom) box.scrollTop = box.scrollHeight;
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
  try {
    const { status } = await api('POST', `/api/chats/${chat.id}/messages`, { userId: ui.me, text, replyTo: ui.replyTo ?? undefined });
    if (status !== 200) toast(`the bot answered HTTP ${status}`);
    setReply(null);
  } catch (error) {
    toast(`Not sent: ${error.message}`);
  }
  refresh(true);
}

async function press(m, b, button) {
  button.disabled = true;
  try {
    const { status, answer } = await api('POST', `/api/chats/${ui.chatId}/press`, { userId: ui.me, messageId: m.id, data: b.data });
    if (answer && answer.text) toast(answer.text, answer.show_alert);
    if (status !== 200) toast(`the bot answered HTTP ${status}`);
  } catch (error) {
    toast(`Not pressed: ${error.message}`);
  }
  refresh();
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
for (const button of document.querySelectorAll('.quick button')) button.onclick = () => say(button.dataset.say);
$('cancel-reply').onclick = () => setReply(null);
$('me').onchange = () => selectMe(Number($('me').value));
$('add-user').onsubmit = async (event) => {
  event.preventDefault();
  try {
    const user = await api('POST', '/api/users', { name: $('new-name').value.trim(), language: $('new-lang').value });
    $('new-name').value = '';
    ui.state = await api('GET', '/api/state');
    selectMe(user.id);
  } catch (error) {
    toast(error.message);
  }
};

function listen() {
  const events = new EventSource('/api/events');
  let pending;
  events.addEventListener('change', (event) => {
    const { chatId } = JSON.parse(event.data);
    if (chatId != null && chatId !== ui.chatId) {
      if (!ui.unread.has(chatId) && ui.state.chats.some((c) => c.id === chatId)) { ui.unread.add(chatId); renderSidebar(); }
      return;
    }
    clearTimeout(pending);
    pending = setTimeout(() => refresh(), 60);
  });
}

ui.state = await api('GET', '/api/state');
ui.me = ui.state.users[0].id;
selectChat(ui.state.chats[0].id);
listen();
