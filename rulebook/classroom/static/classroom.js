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

// The suit's class by its symbol: the four-colour deck (♠ black, ♥ red, ♦ blue, ♣ green) colours by it.
function suitClass(symbol) {
  const m = /[♠♥♦♣]/.exec(symbol);
  return m ? " suit-" + { "♠": "S", "♥": "H", "♦": "D", "♣": "C" }[m[0]] : "";
}

// A card in words for a screen reader: "7H" -> "seven of hearts".
const RANK_WORDS = { A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight",
  9: "nine", T: "ten", J: "jack", Q: "queen", K: "king" };
const SUIT_WORDS = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
function cardWords(text) {
  const rank = RANK_WORDS[text.slice(0, -1)], suit = SUIT_WORDS[text.slice(-1)];
  return rank && suit ? rank + " of " + suit : text;
}

function cardSpan(symbol, extra) {
  const span = el("span", "card " + (isRed(symbol) ? "red" : "black") + suitClass(symbol) + (extra ? " " + extra : ""), symbol);
  return span;
}

// The four-colour switch on every page, kept in this browser (localStorage) for the next visit.
function fourColourSwitch() {
  const on = localStorage.getItem("rb-four-colour") === "1";
  document.body.classList.toggle("four", on);
  const label = el("label", "four-switch");
  const box = el("input");
  box.type = "checkbox";
  box.id = "four-colour";
  box.checked = on;
  box.onchange = () => {
    document.body.classList.toggle("four", box.checked);
    localStorage.setItem("rb-four-colour", box.checked ? "1" : "0");
  };
  label.appendChild(box);
  label.appendChild(document.createTextNode(" four colours (♠ ♥ ♦ ♣)"));
  const main = document.querySelector("main");
  if (main) main.insertBefore(label, main.firstChild);
}

// Arrow keys, Home and End move along the buttons of a hand; Enter or Space plays the card.
// When the hand is drawn again (after a move) the focus comes back to the same place in it.
function arrowKeys(box) {
  let place = -1;
  box.addEventListener("focusin", (e) => { place = Array.from(box.querySelectorAll("button")).indexOf(e.target); });
  document.addEventListener("mousedown", (e) => { if (!box.contains(e.target)) place = -1; }, true);
  new MutationObserver(() => {
    const list = Array.from(box.querySelectorAll("button:not(:disabled)"));
    if (place >= 0 && list.length && (!document.activeElement || document.activeElement === document.body)) {
      list[Math.min(place, list.length - 1)].focus();
    }
  }).observe(box, { childList: true });
  box.addEventListener("keydown", (e) => {
    const list = Array.from(box.querySelectorAll("button:not(:disabled)"));
    const i = list.indexOf(document.activeElement);
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    const j = step ? i + step : e.key === "Home" ? 0 : e.key === "End" ? list.length - 1 : null;
    if (i < 0 || j === null || !list.length) return;
    e.preventDefault();
    list[(j + list.length) % list.length].focus();
  });
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
  if (!s) return "seat " + seat;  // mid-sentence: capitalise() it to start a line
  return s.computer ? "the computer (seat " + seat + ")" : s.name + " (seat " + seat + ")";
}

function capitalise(text) { return text.charAt(0).toUpperCase() + text.slice(1); }

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
  const ended = view.over || view.between_deals;
  if (t.game === "sevens") {
    const grid = el("div", "rows");
    for (const suit of ["S", "H", "D", "C"]) {
      const row = el("div", "row");
      const label = el("span", "suit " + (suit === "H" || suit === "D" ? "red" : "black"), SUITS[suit].slice(0, 1));
      label.appendChild(el("span", "suit-name", " " + SUITS[suit].slice(2)));  // on a phone only the symbol shows
      row.appendChild(label);
      const cards = el("span", "row-cards");
      const mine = t.table.map((c, i) => [c, t.table_symbols[i]]).filter(([c]) => c.endsWith(suit));
      if (mine.length === 0) cards.appendChild(el("span", "note", "no row"));
      for (const [, symbol] of mine) cards.appendChild(cardSpan(symbol));
      row.appendChild(cards);
      grid.appendChild(row);
    }
    node.appendChild(grid);
    if (!ended) {  // once the deal is over nothing is playable next
      const playable = el("p", "note playable", "Playable next: ");
      for (const symbol of t.playable_symbols) playable.appendChild(cardSpan(symbol, "small"));
      node.appendChild(playable);
    }
    if (t.pool !== null && t.pool !== undefined) node.appendChild(el("p", "note", "Pool: " + t.pool + " chips"));
  } else if (t.game === "satti") {
    const p = el("p", "satti");
    const top = el("span", "top-card");
    top.appendChild(el("span", null, "Top card "));
    top.appendChild(cardSpan(t.top_symbol, "big"));
    p.appendChild(top);
    p.appendChild(el("span", "follow", "Suit to follow: " + SUITS[t.suit] + (t.named ? " (named)" : "")));
    node.appendChild(p);
    const pending = ended ? "" : t.penalty ? "A penalty of " + t.penalty + " cards is pending."
      : t.skipped ? "The player to move is skipped." : t.naming ? "A suit must be named." : "";
    if (pending) node.appendChild(el("p", "note pending", pending));
    node.appendChild(el("p", "note piles", "Draw pile: " + t.draw_pile + (t.draw_pile === 1 ? " card" : " cards")
      + " · discards: " + t.discards));
  } else if (t.game === "badugi") {
    const round = /^R\d+$/.test(t.round) ? "betting round " + t.round.slice(1) : t.round;
    const p = el("p", "badugi-round");
    const pots = t.pots.map((pot) => pot[0]);
    if (!ended) p.appendChild(el("span", null, "Now: " + round + ". "));
    p.appendChild(el("span", "pot", (ended ? "The pot was " : "Pot: ") + (pots.join(" + ") || "0") + " chips."));
    node.appendChild(p);
    if (!ended && /^R\d+$/.test(t.round)) {
      let line = "Bet to match this round: " + t.level + ".";
      if (t.to_call !== undefined) line += t.to_call ? " You need " + t.to_call + " more to call." : " You have matched it.";
      node.appendChild(el("p", "note", line));
    }
  }
}

function cardSymbol(text) {
  const rank = text.slice(0, -1);
  return (rank === "T" ? "10" : rank) + ({ S: "♠", H: "♥", D: "♦", C: "♣" })[text.slice(-1)];
}

function renderSeats(view, node, mySeat) {
  clear(node);
  const t = view.table || {};
  const list = el("ul", "seat-list");
  for (const s of view.seats || []) {
    const li = el("li", "seat" + (s.seat === view.to_move && !view.over && !view.between_deals ? " to-move" : "")
      + (s.seat === mySeat ? " mine" : ""));
    li.dataset.seat = String(s.seat);
    li.appendChild(el("b", null, s.computer ? "Seat " + s.seat + ": computer" : "Seat " + s.seat + ": " + s.name));
    const bits = [s.cards + (s.cards === 1 ? " card" : " cards")];
    if (!s.computer) bits.push(s.connected ? "here" : "away");
    if (t.passes) bits.push(t.passes[s.seat] + (t.passes[s.seat] === 1 ? " pass" : " passes"));
    if (t.stacks) bits.push(t.stacks[s.seat] + " chips");
    if (t.game === "badugi") {
      if (t.button === s.seat) bits.push("button");
      if (t.bets[s.seat]) bits.push("bet " + t.bets[s.seat]);
      if (typeof t.draw_counts[s.seat] === "number") {
        bits.push(t.draw_counts[s.seat] ? "drew " + t.draw_counts[s.seat] : "stood pat");
      }
      if (t.all_in[s.seat]) bits.push("all in");
    }
    if (t.folded && t.folded[s.seat]) bits.push("folded");
    if (t.eliminated && t.eliminated.includes(s.seat)) bits.push("eliminated");
    const facts = el("span", "note", " ");
    bits.forEach((bit, i) => {  // a line breaks between the facts, never inside one
      if (i) facts.appendChild(document.createTextNode(" · "));
      facts.appendChild(el("span", "fact", bit));
    });
    li.appendChild(facts);
    if (t.absent_symbols && t.absent_symbols[s.seat].length && !view.hands_symbols) {  // once every hand is shown, no need
      const absent = el("div", "absent", "Proven not to hold: ");
      for (const symbol of t.absent_symbols[s.seat]) absent.appendChild(cardSpan(symbol, "small"));
      li.appendChild(absent);
    }
    if (t.shown && t.shown[String(s.seat)] && !view.hands_symbols) {  // once revealed, every hand is below
      const shown = el("div", "absent", "Shows: ");
      for (const text of t.shown[String(s.seat)]) shown.appendChild(cardSpan(cardSymbol(text), "small"));
      li.appendChild(shown);
    }
    list.appendChild(li);
  }
  node.appendChild(list);
}

function renderLog(view, node, newestFirst) {
  clear(node);
  node.dataset.moves = String(view.moves_played);
  const first = Math.max(0, view.log.length - (newestFirst ? 40 : 200));
  const entries = view.log.slice(first).map((entry, i) => [first + i + 1, entry]);
  if (newestFirst) entries.reverse();
  for (const [number, entry] of entries) {
    const li = el("li", null);
    li.value = number;  // the move's number in the deal, newest first or not
    li.appendChild(el("span", "log-text", entry.text));
    if (entry.reason) {
      li.appendChild(el("span", "log-reason", " " + entry.reason));
      if (entry.clauses.length) {  // each clause id kept whole, the list wraps between them
        const clauses = el("small", "clauses", " ");
        entry.clauses.forEach((c, i) => {
          if (i) clauses.appendChild(document.createTextNode(", "));  // a line may break here
          clauses.appendChild(el("span", "clause", c));
        });
        li.appendChild(clauses);
      }
    }
    node.appendChild(li);
  }
}

function renderOutcome(view, outcomeNode, handsNode) {
  clear(outcomeNode);
  clear(handsNode);
  if (view.outcome) outcomeNode.appendChild(el("p", "result", view.outcome.summary));
  if (view.match) {
    const m = view.match;
    const line = el("p", "match-line", "Match: deal " + m.deal + " of " + m.deals
      + (m.over ? ", the match is over." : view.between_deals ? ", the teacher starts the next deal." : "."));
    outcomeNode.appendChild(line);
    const done = m.over || view.between_deals ? m.deal : m.deal - 1;
    if (done > 0 && m.totals.length) {
      outcomeNode.appendChild(el("p", "note match-totals", "Totals after " + done + (done === 1 ? " deal: " : " deals: ")
        + m.totals.map((n, seat) => seatName(view, seat) + " " + n).join(", ") + "."));
    }
    if (m.summary) outcomeNode.appendChild(el("p", "result match-result", m.summary));
  }
  if (view.hands_symbols) {
    handsNode.appendChild(el("h2", "small-head", "Every hand"));
    view.hands_symbols.forEach((hand, seat) => {
      const p = el("p", "revealed", capitalise(seatName(view, seat)) + ": ");
      p.dataset.seat = String(seat);
      for (const symbol of hand) p.appendChild(cardSpan(symbol, "small"));
      if (!hand.length) p.appendChild(el("span", "note", "no cards"));
      handsNode.appendChild(p);
    });
  }
}

// A box that cuts its text (the projector's moves and messages, which never scroll) fades out
// at the bottom, so that a cut line reads as "more below", not as a broken page.
function markCut(node) { node.classList.toggle("cut", node.scrollHeight > node.clientHeight + 1); }

function addChat(node, line, limit) {
  const li = el("li", "chat-line");
  li.appendChild(el("b", null, (line.name || "seat " + line.seat) + ": "));
  li.appendChild(el("span", line.emoji ? "emoji-big" : null, line.emoji || line.text));
  node.insertBefore(li, node.firstChild);
  while (node.children.length > limit) node.removeChild(node.lastChild);
}

// The words on a move's button: its symbol capitalised ("Pass", "Draw", "Check"), with the
// chips a call costs in Badugi.
function actionLabel(view, move, symbol) {
  const t = view.table || {};
  if (move === "call" && t.to_call) return "Call " + t.to_call;
  if (move === "pat") return "Pat (keep your cards)";
  return capitalise(symbol);
}

// Whether view ``a`` follows on from view ``b``: the same deal (b's log is the start of a's) and
// at least one move further. An answer to a move can arrive after the socket's newer view.
function newer(a, b) {
  if (!b || !b.log) return true;
  if (!a.log || a.log.length <= b.log.length) return false;
  return b.log.every((entry, i) => entry.text === a.log[i].text);
}

// -- the student page --------------------------------------------------------------------------
function studentPage() {
  const params = new URLSearchParams(location.search);
  let code = (params.get("room") || localStorage.getItem("rb-last-room") || "").toUpperCase();
  let token = code ? localStorage.getItem("rb-seat-" + code) : null;
  let view = null;
  let dealKey = "";
  let picked = new Set();
  let live = null;
  $("join-code").value = code;

  function show(joined) { $("join").hidden = joined; $("play").hidden = !joined; }

  async function sendMove(move) {
    const r = await api("POST", "/api/rooms/" + code + "/moves", token, { move });
    if (r.status === 200) {
      $("reason").textContent = "";
      picked = new Set();
      // the socket may already have brought a newer view (the computer's next move): the
      // answer is shown only if it follows on from the view on the page
      if (newer(r.data, view)) render(r.data); else if (view) render(view);
    }
    else if (r.data && r.data.reason) {
      $("reason").textContent = r.data.reason + (r.data.clauses.length ? "  (" + r.data.clauses.join(", ") + ")" : "");
    } else $("reason").textContent = (r.data && r.data.detail) ? String(r.data.detail) : "That did not work.";
  }

  function render(v) {
    const deal = (v.match ? v.match.deal : 0) + ":" + (v.dealt ? 1 : 0);
    if (view && (v.moves_played < view.moves_played || deal !== dealKey)) $("reason").textContent = "";
    dealKey = deal;  // a new deal: a reason from the last one no longer applies
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
    const badugi = v.table && v.table.game === "badugi";
    // Badugi's draws: every card can be picked to change, then one Draw button (or Pat)
    const badugiDraw = badugi && v.legal.some((m) => m.startsWith("draw"));
    picked = new Set(badugiDraw ? Array.from(picked).filter((c) => v.hand.includes(c)) : []);
    v.hand.forEach((card, i) => {
      const symbol = v.hand_symbols[i];
      const uses = v.legal.filter((m, k) => v.legal_cards[k].length === 1 && v.legal_cards[k][0] === card);
      const lit = badugiDraw || uses.length > 0;
      const button = el("button", "card " + (isRed(symbol) ? "red" : "black") + suitClass(symbol) + (lit ? " legal" : "")
        + (picked.has(card) ? " picked" : ""), symbol);
      button.type = "button";
      button.dataset.card = card;
      button.setAttribute("aria-label", cardWords(card) + (badugiDraw ? (picked.has(card) ? ", to change" : ", can be changed")
        : lit ? ", playable" : ", not playable"));
      if (badugiDraw) button.setAttribute("aria-pressed", picked.has(card) ? "true" : "false");
      button.onclick = () => {
        if (badugiDraw) {
          if (picked.has(card)) picked.delete(card); else picked.add(card);
          render(view);
        } else if (uses.length > 1) {
          clear(choices);
          choices.appendChild(el("span", "note hint", symbol + ": choose how to play it"));
          uses.forEach((m) => {
            const k = v.legal.indexOf(m);
            const b = el("button", "choice", v.legal_symbols[k]);
            b.type = "button";
            b.dataset.move = m;
            b.onclick = () => sendMove(m);
            choices.appendChild(b);
          });
        } else if (uses.length === 1) sendMove(uses[0]);
        // a card that makes no move now: the engine says why (in Badugi a card is discarded)
        else sendMove(badugi ? "draw " + card : card);
      };
      hand.appendChild(button);
    });
    v.legal.forEach((m, k) => {
      if (v.legal_cards[k].length === 1 || (badugiDraw && m.startsWith("draw"))) return;
      const b = el("button", "action", actionLabel(v, m, v.legal_symbols[k]));
      b.type = "button";
      b.dataset.move = m;
      b.onclick = () => sendMove(m);
      actions.appendChild(b);
    });
    if (badugiDraw) {
      const same = (k) => v.legal_cards[k].length === picked.size && v.legal_cards[k].every((c) => picked.has(c));
      const k = v.legal.findIndex((m, i) => m.startsWith("draw") && same(i));
      if (picked.size && k >= 0) {
        const n = picked.size;
        const b = el("button", "action", "Draw: change " + n + (n === 1 ? " card (" : " cards (")
          + v.hand_symbols.filter((sym, i) => picked.has(v.hand[i])).join(" ") + ")");
        b.type = "button";
        b.dataset.move = v.legal[k];
        b.onclick = () => sendMove(v.legal[k]);
        actions.appendChild(b);
      } else choices.appendChild(el("p", "note hint", "Tap the cards you want to change, then Draw; or Pat to keep them all."));
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
      markCut($("log"));
      markCut($("chat"));
    } else if (m.type === "message") { addChat($("chat"), m, 8); markCut($("chat")); }
    else if (m.type === "closed") $("turn").textContent = "This room is closed.";
  });
}

// -- the teacher page ---------------------------------------------------------------------------
function teacherPage() {
  const rooms = JSON.parse(localStorage.getItem("rb-teacher-rooms") || "{}");
  function save() { localStorage.setItem("rb-teacher-rooms", JSON.stringify(rooms)); }
  // a room made elsewhere (a notebook's ClassTable) arrives as #room=CODE&token=TOKEN: it is
  // kept with the others and the token is taken out of the address bar at once
  const given = new URLSearchParams(location.hash.replace(/^#/, ""));
  const givenCode = (given.get("room") || "").toUpperCase();
  if (/^[2-9A-Z]{6}$/.test(givenCode) && given.get("token")) {
    rooms[givenCode] = given.get("token");
    save();
    history.replaceState(null, "", location.pathname + location.search);
  }

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
      if (s.settings.match) {
        const next = button("Next deal", async () => { await api("POST", "/api/rooms/" + code + "/next", token); refresh(); });
        next.disabled = !s.view.between_deals || Boolean(s.view.match && s.view.match.over);
        next.title = next.disabled ? "once a deal of the match is over" : "start the next deal of the match";
        bar.appendChild(next);
      }
      bar.appendChild(button("Reveal every hand", async () => { await api("POST", "/api/rooms/" + code + "/reveal", token); refresh(); }));
      bar.appendChild(button(s.paused ? "Resume" : "Pause", async () => { await api("POST", "/api/rooms/" + code + "/pause", token, { paused: !s.paused }); refresh(); }));
      bar.appendChild(button(s.messages ? "Messages off" : "Messages on", async () => { await api("POST", "/api/rooms/" + code + "/settings", token, { messages: !s.messages }); refresh(); }));
      const pace = el("select", "pace");
      pace.setAttribute("aria-label", "Pace of the computer's moves");
      for (const p of ["relaxed", "normal", "fast"]) { const o = el("option", null, p); o.selected = p === s.settings.pace; pace.appendChild(o); }
      pace.onchange = async () => { await api("POST", "/api/rooms/" + code + "/settings", token, { pace: pace.value }); refresh(); };
      bar.appendChild(pace);
      bar.appendChild(button("Close the room", async () => { await api("DELETE", "/api/rooms/" + code, token); refresh(); }));
      card.appendChild(bar);
      const outcome = el("div", "outcome");
      renderOutcome(s.view, outcome, el("div"));
      card.appendChild(outcome);
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

fourColourSwitch();
if ($("hand")) arrowKeys($("hand"));
({ student: studentPage, projector: projectorPage, teacher: teacherPage })[document.body.dataset.page]();
