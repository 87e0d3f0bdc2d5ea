// The live parts of the pages: a game's board, clock and moves follow the game through
// server-sent events (after a reconnect the first event is the whole state again); a
// finished game steps back and forth with the buttons, the arrow keys or a click on the
// review's chart (each step from the last one asked for, so keys pressed faster than boards
// arrive skip none), a judged move's board showing the computer's choice; a server page's
// boards move as their games do. Every word it shows is the page's (the #words block, and
// the state's own words), in the page's language: none is written here.
"use strict";

const $ = (selector) => document.querySelector(selector);

// a translated text with its {name}s filled
const fill = (text, values) => text.replace(/\{(\w+)\}/g, (all, name) =>
  (name in values ? String(values[name]) : all));

function until(deadline, words) {
  const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
  const d = Math.floor(left / 86400), h = Math.floor(left / 3600) % 24;
  const m = Math.floor(left / 60) % 60, s = left % 60;
  if (d) return fill(words.days, { d, h });
  if (h) return fill(words.hours, { h, m });
  if (m) return fill(words.minutes, { m, s });
  return fill(words.seconds, { s });
}

function gamePage() {
  const words = JSON.parse($("#words").textContent);
  let state = JSON.parse($("#state").textContent);
  let shown = state.ply;  // the ply asked for last (the board shows it once it arrives)
  let following = true;   // the board follows the game's last move
  const boards = new Map();
  const judged = (ply) => Boolean(state.review && state.review.marks[ply - 1]);

  function keep(ply, svg) {  // a game's last board, as its state brings it
    if (!judged(ply)) boards.set(ply, svg);
  }
  keep(state.ply, state.board);

  async function boardAt(ply) {
    if (!boards.has(ply)) {
      const kind = judged(ply) ? "review" : "board";
      const answer = await fetch(`/g/${state.token}/${kind}/${ply}`);
      if (!answer.ok) return null;
      boards.set(ply, await answer.text());
    }
    return boards.get(ply);
  }

  function numbered(ply) {  // moves as the record numbers them, one number a pair: '6… 25x18'
    return `${Math.ceil(ply / 2)}${ply % 2 ? "." : "…"} ${state.moves[ply - 1]}`;
  }

  function where(ply) {
    if (!ply) return fill(words.start, { moves: state.words.moves });
    const total = Math.ceil(state.ply / 2);
    return fill(words.at, { move: numbered(ply), number: Math.ceil(ply / 2), total });
  }

  async function show(ply) {
    ply = Math.max(0, Math.min(state.ply, ply));
    shown = ply;
    following = ply === state.ply;
    const svg = await boardAt(ply);
    if (svg === null || ply !== shown) return;  // another step was asked for meanwhile
    $("#board").innerHTML = svg;
    $("#board").dataset.ply = String(ply);
    $("#where").textContent = where(ply);
    // aria-disabled, not disabled: a button pressed to its end keeps the keyboard's focus
    for (const [id, end] of [["first", 0], ["prev", 0], ["next", state.ply], ["last", state.ply]]) {
      $(`#${id}`).setAttribute("aria-disabled", String(ply === end));
    }
    document.querySelectorAll("#moves [data-ply]").forEach((button) => {
      const now = Number(button.dataset.ply) === ply;
      button.classList.toggle("now", now);
      if (now) button.setAttribute("aria-current", "step");
      else button.removeAttribute("aria-current");
    });
    const note = (state.review && state.review.notes[ply - 1]) || [];
    $("#note").replaceChildren(...note.map(([text, move]) => {
      if (!move) return text;
      const span = document.createElement("span");
      span.className = "move";
      span.textContent = text;
      return span;
    }));
    $("#note").hidden = !note.length;
    const cursor = $("#cursor");
    if (cursor && state.review) {
      const frame = state.review.chart;
      const x = frame.x0 + (frame.x1 - frame.x0) * (ply / Math.max(1, frame.plies));
      Object.assign(cursor.style, { left: `${x * 100}%`, top: `${frame.y0 * 100}%`,
        height: `${(frame.y1 - frame.y0) * 100}%` });
      cursor.hidden = false;
    }
  }

  function clicked(e) {  // a click on the review's chart: the move under it
    const frame = state.review.chart, box = e.currentTarget.getBoundingClientRect();
    const x = (e.clientX - box.left) / box.width;
    show(Math.round((x - frame.x0) / (frame.x1 - frame.x0) * frame.plies));
  }

  function moves() {
    const list = $("#moves");
    list.textContent = "";
    const marks = state.review ? state.review.marks : [];
    for (let i = 0; i < state.moves.length; i += 2) {
      const item = document.createElement("li");
      const number = document.createElement("span");
      number.className = "number";
      number.textContent = `${i / 2 + 1}.`;
      item.append(number);
      for (const ply of [i + 1, i + 2]) {
        if (ply > state.moves.length) break;
        const button = document.createElement("button");  // reachable and said by name
        button.type = "button";
        button.className = "move";
        button.dataset.ply = String(ply);
        button.textContent = state.moves[ply - 1];
        const mark = marks[ply - 1] || "";
        if (mark) {
          const b = document.createElement("b");
          b.className = "mark";
          b.textContent = mark;
          button.append(b);
        }
        button.setAttribute("aria-label", fill(words.go_to, { move: numbered(ply) + mark }));
        if (ply === shown) button.setAttribute("aria-current", "step");
        button.classList.toggle("now", ply === shown);
        button.addEventListener("click", () => show(ply));
        item.append(button, " ");
      }
      list.append(item);
    }
  }

  function info() {
    $("#status").textContent = state.status;
    document.querySelectorAll(".players li").forEach((li) => {
      li.classList.toggle("to-move", li.dataset.side === state.turn);
      const player = state.players.find((p) => p.letter === li.dataset.side);
      li.querySelector(".rating").textContent = player.rating || "";
      li.querySelector(".change").textContent = player.change || "";
    });
    if (state.review) {
      const parts = Object.entries(state.review.accuracy)
        .map(([side, percent]) => fill(words.side_accuracy, { side, percent }));
      $("#accuracy").textContent = fill(words.accuracy, { sides: parts.join(", ") });
      $("#review").hidden = false;
    }
    moves();
  }

  function tick() {  // who is to move, and their time left
    const mover = state.players.find((p) => p.letter === state.turn);
    let text = "";
    if (state.active && mover && state.deadline) {
      text = fill(words.to_move_left, { name: mover.name, time: until(state.deadline, words) });
    } else if (state.active && mover) {
      text = fill(words.to_move, { name: mover.name });
    }
    $("#clock").textContent = text;
  }

  function update(next) {
    const wasFollowing = following;
    state = next;
    keep(state.ply, state.board);
    info();
    show(wasFollowing ? state.ply : shown);
    tick();
  }

  $("#chart")?.addEventListener("click", clicked);
  $("#first").addEventListener("click", () => show(0));
  $("#prev").addEventListener("click", () => show(shown - 1));
  $("#next").addEventListener("click", () => show(shown + 1));
  $("#last").addEventListener("click", () => show(state.ply));
  document.addEventListener("keydown", (e) => {
    if (e.altKey || e.ctrlKey || e.metaKey) return;  // the browser's own (back, ...)
    const to = { ArrowLeft: shown - 1, ArrowRight: shown + 1, Home: 0, End: state.ply }[e.key];
    if (to !== undefined) { e.preventDefault(); show(to); }
  });
  info();
  show(state.ply);
  tick();
  setInterval(tick, 1000);
  if (state.active) {
    const events = new EventSource(`/g/${state.token}/events`);
    events.addEventListener("state", (e) => update(JSON.parse(e.data)));
  }
}

function serverPage() {
  const site = JSON.parse($("#site").textContent).server;
  const events = new EventSource(`/s/${site}/events`);
  events.addEventListener("game", (e) => {
    const game = JSON.parse(e.data);
    let card = document.querySelector(`.card[data-token="${game.token}"]`);
    if (!card && game.active) {
      $("#live .empty")?.remove();
      card = document.createElement("a");
      card.className = "card";
      card.dataset.token = game.token;
      card.href = `/g/${game.token}`;
      card.innerHTML = '<div class="mini" aria-hidden="true"></div><strong></strong>'
        + '<span class="who"></span><span class="status"></span>';
      $("#live").append(card);
    }
    if (!card) return;
    card.querySelector(".mini").innerHTML = game.board || "";
    card.querySelector("strong").textContent = game.title;
    card.querySelector(".who").textContent = game.who;
    card.querySelector(".status").textContent = game.status;
  });
}

const page = document.body.dataset.page;
if (page === "game") gamePage();
if (page === "server") serverPage();
