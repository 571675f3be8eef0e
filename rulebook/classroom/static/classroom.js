// The class table's pages: student, projector, teacher. Every text from the server or from
// another student is put on the page with textContent, never parsed as HTML.
"use strict";

const SUITS = { S: "♠ spades", H: "♥ hearts", D: "♦ diamonds", C: "♣ clubs" };

function el(tag, cls, text) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (text !== undefined && text !== null) node.textContent = String(text);
  return node;
}

function clear(node) { while (node.firstChild) node.removeChild(node.firstChild); return node; }

function $(id) { return document.getElementById(id); }

function isRed(symbol) { return /[♥♦]/.test(symbol); }

function cardSpan(symbol, extra) {
  return el("span", "card " + (isRed(symbol) ? "red" : "black") + (extra ? " " + extra : ""), symbol);
}

// The pages, the API and the socket live under one base path: "/" on a laptop, the service's
// prefix ("/services/classtable/") behind JupyterHub. Every address below is made from it.
const BASE = location.pathname.replace(/[^/]*$/, "");

async function api(method, path, token, body) {
  const headers = { "Content-Type": "application/json" };
  if (token) headers.Authorization = "Bearer " + token;
  const response = await fetch(BASE + path.replace(/^\//, ""), { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  let data = null;
  try { data = await response.json(); } catch (e) { data = null; }
  return { status: response.status, data };
}

function socket(code, token, onMessage) {
  let closed = false;
  let delay = 500;
  let log = [];
  function open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    const ws = new WebSocket(scheme + "://" + location.host + BASE + "ws/rooms/" + encodeURIComponent(code)
      + (token ? "?token=" + encodeURIComponent(token) : ""));
    ws.onmessage = (event) => {
      delay = 500;
      const m = JSON.parse(event.data);
      // a view's log holds only the entries from log_from on: the page keeps the ones before
      if (m.type === "view") {
        log = (m.log_from ? log.slice(0, m.log_from) : []).concat(m.view.log);
        m.view.log = log;
      }
      onMessage(m);
    };
    ws.onclose = (event) => {
      if (closed || event.code === 4401 || event.code === 4404 || event.code === 4403) {
        onMessage({ type: "closed", code: event.code });
        return;
      }
      setTimeout(open, delay);
      delay = Math.min(delay * 2, 8000);
    };
  }
  open();
  return { stop() { closed = true; } };
}

function seatName(view, seat) {
  const s = (view.seats || [])[seat];
  if (!s) return "seat " + seat;
  return s.computer ? "seat " + seat + " (computer)" : s.name + " (seat " + seat + ")";
}

function renderTurn(view, node, mySeat) {
  if (!view.dealt) { node.textContent = "Waiting for the teacher to deal."; return; }
  if (view.paused) { node.textContent = "The teacher has paused the table."; return; }
  if (view.over || view.between_deals) { node.textContent = "The deal is over."; return; }
  if (view.to_move === mySeat && mySeat !== null) { node.textContent = "Your turn."; return; }
  node.textContent = "Waiting for " + seatName(view, view.to_move) + ".";
}

function renderTable(view, node) {
  clear(node);
  const t = view.table;
  if (!t) return;
  if (t.game === "sevens") {
    const grid = el("div", "rows");
    for (const suit of ["S", "H", "D", "C"]) {
      const row = el("div", "row");
      row.appendChild(el("span", "suit " + (suit === "H" || suit === "D" ? "red" : "black"), SUITS[suit]));
      const cards = el("span", "row-cards");
      const mine = t.table.map((c, i) => [c, t.table_symbols[i]]).filter(([c]) => c.endsWith(suit));
      if (mine.length === 0) cards.appendChild(el("span", "note", "no row"));
      for (const [, symbol] of mine) cards.appendChild(cardSpan(symbol));
      row.appendChild(cards);
      grid.appendChild(row);
    }
    node.appendChild(grid);
    const playable = el("p", "note", "Playable next: ");
    for (const symbol of t.playable_symbols) playable.appendChild(cardSpan(symbol, "small"));
    node.appendChild(playable);
    if (t.pool !== null && t.pool !== undefined) node.appendChild(el("p", "note", "Pool: " + t.pool + " chips"));
  } else if (t.game === "satti") {
    const p = el("p", "satti");
    p.appendChild(el("span", null, "Top card "));
    p.appendChild(cardSpan(t.top_symbol));
    p.appendChild(el("span", null, " · suit to follow " + SUITS[t.suit] + (t.named ? " (named)" : "")));
    node.appendChild(p);
    const pending = t.penalty ? "A penalty of " + t.penalty + " cards is pending."
      : t.skipped ? "The player to move is skipped." : t.naming ? "A suit must be named." : "";
    if (pending) node.appendChild(el("p", "note", pending));
    node.appendChild(el("p", "note", "Draw pile: " + t.draw_pile + " cards · discards: " + t.discards));
  } else if (t.game === "badugi") {
    node.appendChild(el("p", null, "Round: " + t.round + " · bet level " + t.level
      + (t.to_call !== undefined ? " · to call: " + t.to_call : "")));
    const pots = t.pots.map((p) => p[0]).join(" + ") || "0";
    node.appendChild(el("p", "note", "Pot: " + pots));
  }
}

function renderSeats(view, node, mySeat) {
  clear(node);
  const t = view.table || {};
  const list = el("ul", "seat-list");
  for (const s of view.seats || []) {
    const li = el("li", "seat" + (s.seat === view.to_move && !view.over ? " to-move" : "")
      + (s.seat === mySeat ? " mine" : ""));
    li.dataset.seat = String(s.seat);
    li.appendChild(el("b", null, s.computer ? "Seat " + s.seat + ": computer" : "Seat " + s.seat + ": " + s.name));
    const bits = [s.cards + (s.cards === 1 ? " card" : " cards")];
    if (!s.computer) bits.push(s.connected ? "here" : "away");
    if (t.passes) bits.push(t.passes[s.seat] + " passes");
    if (t.stacks) bits.push(t.stacks[s.seat] + " chips");
    if (t.folded && t.folded[s.seat]) bits.push("folded");
    if (t.eliminated && t.eliminated.includes(s.seat)) bits.push("eliminated");
    li.appendChild(el("span", "note", " " + bits.join(" · ")));
    if (t.absent_symbols && t.absent_symbols[s.seat].length) {
      const absent = el("div", "absent", "Proven not to hold: ");
      for (const symbol of t.absent_symbols[s.seat]) absent.appendChild(cardSpan(symbol, "small"));
      li.appendChild(absent);
    }
    list.appendChild(li);
  }
  node.appendChild(list);
}

function renderLog(view, node, newestFirst) {
  clear(node);
  node.dataset.moves = String(view.moves_played);
  const entries = view.log.slice(newestFirst ? -40 : -200);
  if (newestFirst) entries.reverse();
  for (const entry of entries) {
    const li = el("li", null);
    li.appendChild(el("span", "log-text", entry.text));
    if (entry.reason) {
      li.appendChild(el("span", "log-reason", " " + entry.reason));
      if (entry.clauses.length) li.appendChild(el("small", "clauses", " " + entry.clauses.join(", ")));
    }
    node.appendChild(li);
  }
}

function renderOutcome(view, outcomeNode, handsNode) {
  clear(outcomeNode);
  clear(handsNode);
  if (view.outcome) outcomeNode.appendChild(el("p", "result", view.outcome.summary));
  if (view.match) {
    outcomeNode.appendChild(el("p", "note", "Match: deal " + view.match.deal + " of " + view.match.deals
      + " · totals " + view.match.totals.join(", ") + (view.match.over ? " · the match is over" : "")));
  }
  if (view.hands_symbols) {
    handsNode.appendChild(el("h2", "small-head", "Every hand"));
    view.hands_symbols.forEach((hand, seat) => {
      const p = el("p", "revealed", seatName(view, seat) + ": ");
      p.dataset.seat = String(seat);
      for (const symbol of hand) p.appendChild(cardSpan(symbol, "small"));
      if (!hand.length) p.appendChild(el("span", "note", "no cards"));
      handsNode.appendChild(p);
    });
  }
}

function addChat(node, line, limit) {
  const li = el("li", "chat-line");
  li.appendChild(el("b", null, (line.name || "seat " + line.seat) + ": "));
  li.appendChild(el("span", line.emoji ? "emoji-big" : null, line.emoji || line.text));
  node.insertBefore(li, node.firstChild);
  while (node.children.length > limit) node.removeChild(node.lastChild);
}

// -- the student page --------------------------------------------------------------------------
function studentPage() {
  const params = new URLSearchParams(location.search);
  let code = (params.get("room") || localStorage.getItem("rb-last-room") || "").toUpperCase();
  let token = code ? localStorage.getItem("rb-seat-" + code) : null;
  let view = null;
  let picked = new Set();
  let live = null;
  $("join-code").value = code;

  function show(joined) { $("join").hidden = joined; $("play").hidden = !joined; }

  async function sendMove(move) {
    const r = await api("POST", "/api/rooms/" + code + "/moves", token, { move });
    if (r.status === 200) { $("reason").textContent = ""; picked = new Set(); render(r.data); }
    else if (r.data && r.data.reason) {
      $("reason").textContent = r.data.reason + (r.data.clauses.length ? "  (" + r.data.clauses.join(", ") + ")" : "");
    } else $("reason").textContent = (r.data && r.data.detail) ? String(r.data.detail) : "That did not work.";
  }

  function render(v) {
    view = v;
    $("title").textContent = v.title;
    $("room-code").textContent = v.code;
    $("me").textContent = "You: " + seatName(v, v.seat);
    renderTurn(v, $("turn"), v.seat);
    renderTable(v, $("table"));
    renderSeats(v, $("seats"), v.seat);
    const hand = clear($("hand"));
    const choices = clear($("choices"));
    const actions = clear($("actions"));
    const badugiDraw = v.table && v.table.game === "badugi" && v.legal.some((m) => m.startsWith("draw"));
    v.hand.forEach((card, i) => {
      const symbol = v.hand_symbols[i];
      const uses = v.legal.filter((m, k) => v.legal_cards[k].length === 1 && v.legal_cards[k][0] === card);
      const lit = badugiDraw || uses.length > 0;
      const button = el("button", "card " + (isRed(symbol) ? "red" : "black") + (lit ? " legal" : "")
        + (picked.has(card) ? " picked" : ""), symbol);
      button.type = "button";
      button.dataset.card = card;
      button.setAttribute("aria-label", symbol + (lit ? ", can be played" : ""));
      button.onclick = () => {
        if (badugiDraw) {
          if (picked.has(card)) picked.delete(card); else picked.add(card);
          render(view);
        } else if (uses.length > 1) {
          clear(choices);
          uses.forEach((m) => {
            const k = v.legal.indexOf(m);
            const b = el("button", "choice", v.legal_symbols[k]);
            b.type = "button";
            b.onclick = () => sendMove(m);
            choices.appendChild(b);
          });
        } else sendMove(uses.length === 1 ? uses[0] : card);
      };
      hand.appendChild(button);
    });
    v.legal.forEach((m, k) => {
      if (v.legal_cards[k].length === 1 || (badugiDraw && m.startsWith("draw"))) return;
      const b = el("button", "action", v.legal_symbols[k]);
      b.type = "button";
      b.dataset.move = m;
      b.onclick = () => sendMove(m);
      actions.appendChild(b);
    });
    if (badugiDraw && picked.size) {
      const cards = Array.from(picked);
      const b = el("button", "action", "Draw: change " + cards.length + (cards.length === 1 ? " card" : " cards"));
      b.type = "button";
      b.dataset.move = "draw " + cards.join(" ");
      b.onclick = () => sendMove("draw " + cards.join(" "));
      actions.appendChild(b);
    }
    renderOutcome(v, $("outcome"), $("hands"));
    renderLog(v, $("log"), true);
    $("say-form").hidden = !v.messages;
    $("emoji").hidden = !v.messages;
  }

  function start() {
    show(true);
    localStorage.setItem("rb-last-room", code);
    if (live) live.stop();
    live = socket(code, token, (m) => {
      if (m.type === "view") render(m.view);
      else if (m.type === "message") addChat($("chat"), m, 30);
      else if (m.type === "closed") {
        localStorage.removeItem("rb-seat-" + code);
        token = null;
        show(false);
        $("join-error").textContent = "This seat is no longer yours (the room closed or the teacher freed it). Join again.";
      }
    });
  }

  $("join-form").onsubmit = async (event) => {
    event.preventDefault();
    code = $("join-code").value.trim().toUpperCase();
    const r = await api("POST", "/api/rooms/" + encodeURIComponent(code) + "/seats", null, { name: $("join-name").value });
    if (r.status !== 200) {
      $("join-error").textContent = r.data && typeof r.data.detail === "string" ? r.data.detail : "Check the room code and your name.";
      return;
    }
    token = r.data.token;
    localStorage.setItem("rb-seat-" + code, token);
    start();
  };
  $("say-form").onsubmit = async (event) => {
    event.preventDefault();
    const text = $("say-text").value.trim();
    if (!text) return;
    const r = await api("POST", "/api/rooms/" + code + "/messages", token, { text });
    if (r.status === 200) $("say-text").value = "";
    else $("reason").textContent = r.data && r.data.detail ? String(r.data.detail) : "The message was not sent.";
  };
  for (const emoji of ["👍", "👏", "😮", "😂", "🤔", "🎉"]) {
    const b = el("button", "emoji-button", emoji);
    b.type = "button";
    b.onclick = () => api("POST", "/api/rooms/" + code + "/messages", token, { emoji });
    $("emoji").appendChild(b);
  }
  $("leave").onclick = () => {
    localStorage.removeItem("rb-seat-" + code);
    if (live) live.stop();
    location.reload();
  };
  if (code && token) start(); else show(false);
}

// -- the projector page -------------------------------------------------------------------------
function projectorPage() {
  const code = (new URLSearchParams(location.search).get("room") || "").toUpperCase();
  $("room-code").textContent = code;
  $("join-at").textContent = "Join at " + location.origin + BASE + "student";
  socket(code, null, (m) => {
    if (m.type === "view") {
      const v = m.view;
      $("title").textContent = v.title;
      renderTurn(v, $("turn"), null);
      renderTable(v, $("table"));
      renderSeats(v, $("seats"), null);
      renderOutcome(v, $("outcome"), $("hands"));
      renderLog(v, $("log"), true);
    } else if (m.type === "message") addChat($("chat"), m, 8);
    else if (m.type === "closed") $("turn").textContent = "This room is closed.";
  });
}

// -- the teacher page ---------------------------------------------------------------------------
function teacherPage() {
  const rooms = JSON.parse(localStorage.getItem("rb-teacher-rooms") || "{}");
  function save() { localStorage.setItem("rb-teacher-rooms", JSON.stringify(rooms)); }

  function button(text, onclick) {
    const b = el("button", "action", text);
    b.type = "button";
    b.onclick = onclick;
    return b;
  }

  async function refresh() {
    const box = $("rooms");
    for (const code of Object.keys(rooms)) {
      const token = rooms[code];
      const r = await api("GET", "/api/rooms/" + code + "/status", token);
      let card = document.querySelector('[data-room="' + code + '"]');
      if (r.status === 401 || r.status === 404) { delete rooms[code]; save(); if (card) card.remove(); continue; }
      if (r.status !== 200) continue;
      const s = r.data;
      if (!card) { card = el("section", "panel room"); card.dataset.room = code; box.appendChild(card); }
      clear(card);
      card.appendChild(el("h2", null, "Room " + code + " · " + s.view.title + " · " + s.settings.players + " players"));
      const link = el("a", null, "open the projector");
      link.href = BASE + "projector?room=" + encodeURIComponent(code);
      link.target = "_blank";
      card.appendChild(link);
      const turn = el("p", "turn");
      renderTurn(s.view, turn, null);
      card.appendChild(turn);
      const seats = el("ul", "seat-list");
      for (const seat of s.seats) {
        const li = el("li", "seat");
        li.dataset.seat = String(seat.seat);
        li.appendChild(el("span", null, "Seat " + seat.seat + ": " + (seat.computer ? "computer" : seat.name
          + (seat.connected ? " · connected" : " · not connected")) + " · " + seat.cards + (seat.cards === 1 ? " card " : " cards ")));
        if (!seat.computer) {
          li.appendChild(button("Remove", async () => {
            await api("DELETE", "/api/rooms/" + code + "/seats/" + seat.seat, token);
            refresh();
          }));
        }
        seats.appendChild(li);
      }
      card.appendChild(seats);
      const bar = el("div", "actions");
      bar.appendChild(button(s.view.dealt ? "Deal again" : "Deal", async () => { await api("POST", "/api/rooms/" + code + "/deal", token, {}); refresh(); }));
      if (s.settings.match) bar.appendChild(button("Next deal", async () => { await api("POST", "/api/rooms/" + code + "/next", token); refresh(); }));
      bar.appendChild(button("Reveal every hand", async () => { await api("POST", "/api/rooms/" + code + "/reveal", token); refresh(); }));
      bar.appendChild(button(s.paused ? "Resume" : "Pause", async () => { await api("POST", "/api/rooms/" + code + "/pause", token, { paused: !s.paused }); refresh(); }));
      bar.appendChild(button(s.messages ? "Messages off" : "Messages on", async () => { await api("POST", "/api/rooms/" + code + "/settings", token, { messages: !s.messages }); refresh(); }));
      const pace = el("select", "pace");
      for (const p of ["relaxed", "normal", "fast"]) { const o = el("option", null, p); o.selected = p === s.settings.pace; pace.appendChild(o); }
      pace.onchange = async () => { await api("POST", "/api/rooms/" + code + "/settings", token, { pace: pace.value }); refresh(); };
      bar.appendChild(pace);
      bar.appendChild(button("Close the room", async () => { await api("DELETE", "/api/rooms/" + code, token); refresh(); }));
      card.appendChild(bar);
      if (s.view.outcome) card.appendChild(el("p", "result", s.view.outcome.summary));
      const chat = el("ul", "chat-lines");
      for (const line of s.chat.slice(-5)) addChat(chat, line, 5);
      card.appendChild(chat);
    }
  }

  $("create-form").onsubmit = async (event) => {
    event.preventDefault();
    const body = {
      ruleset: $("ruleset").value.trim(), players: parseInt($("players").value, 10),
      computer: $("computer").value, pace: $("pace").value, drop: $("drop").value,
      drop_seconds: parseInt($("drop-seconds").value, 10), messages: $("messages").checked,
      match: $("match").checked,
    };
    const r = await api("POST", "/api/rooms", null, body);
    if (r.status !== 200) {
      $("create-error").textContent = r.data && typeof r.data.detail === "string" ? r.data.detail : "Check the settings.";
      return;
    }
    $("create-error").textContent = "";
    rooms[r.data.code] = r.data.teacher_token;
    save();
    refresh();
  };
  refresh();
  setInterval(refresh, 2000);
}

({ student: studentPage, projector: projectorPage, teacher: teacherPage })[document.body.dataset.page]();
