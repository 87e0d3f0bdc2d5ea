// The live parts of the pages: a game's board, clock and moves follow the game through
// server-sent events (after a reconnect the first event is the whole state again); a
// finished game steps back and forth with the buttons or the arrow keys; a server page's
// boards move as their games do.
"use strict";

const $ = (selector) => document.querySelector(selector);

function until(deadline) {
  const left = Math.max(0, Math.round(deadline - Date.now() / 1000));
  const d = Math.floor(left / 86400), h = Math.floor(left / 3600) % 24;
  const m = Math.floor(left / 60) % 60, s = left % 60;
  if (d) return `${d} d ${h} h`;
  if (h) return `${h} h ${m} min`;
  if (m) return `${m} min ${s} s`;
  return `${s} s`;
}

function gamePage() {
  let state = JSON.parse($("#state").textContent);
  let shown = state.ply;  // the ply on the board
  let following = true;   // the board follows the game's last move
  const boards = new Map([[state.ply, state.board]]);

  async function boardAt(ply) {
    if (!boards.has(ply)) {
      const answer = await fetch(`/g/${state.token}/board/${ply}`);
      if (!answer.ok) return null;
      boards.set(ply, await answer.text());
    }
    return boards.get(ply);
  }

  async function show(ply) {
    ply = Math.max(0, Math.min(state.ply, ply));
    const svg = await boardAt(ply);
    if (svg === null) return;
    shown = ply;
    following = ply === state.ply;
    $("#board").innerHTML = svg;
    $("#board").dataset.ply = String(ply);
    $("#where").textContent = ply ? `move ${ply} of ${state.ply}` : `start (${state.ply} moves)`;
    $("#first").disabled = $("#prev").disabled = ply === 0;
    $("#next").disabled = $("#last").disabled = ply === state.ply;
    document.querySelectorAll("#moves span[data-ply]").forEach((span) => {
      span.classList.toggle("now", Number(span.dataset.ply) === ply);
    });
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
        const span = document.createElement("span");
        span.dataset.ply = String(ply);
        span.textContent = state.moves[ply - 1];
        if (marks[ply - 1]) {
          const mark = document.createElement("b");
          mark.className = "mark";
          mark.textContent = marks[ply - 1];
          span.append(mark);
        }
        span.addEventListener("click", () => show(ply));
        item.append(span, " ");
      }
      list.append(item);
    }
  }

  function info() {
    $("#status").textContent = state.status;
    document.querySelectorAll(".players li").forEach((li) => {
      li.classList.toggle("to-move", li.dataset.side === state.turn);
    });
    if (state.review) {
      const parts = Object.entries(state.review.accuracy).map(([side, a]) => `${side} ${a}%`);
      $("#accuracy").textContent = `Accuracy: ${parts.join(", ")}`;
      $("#review").hidden = false;
    }
    moves();
  }

  function tick() {
    $("#clock").textContent = state.active && state.deadline
      ? `Time runs out in ${until(state.deadline)}` : "";
  }

  function update(next) {
    const wasFollowing = following;
    state = next;
    boards.set(state.ply, state.board);
    info();
    show(wasFollowing ? state.ply : shown);
    tick();
  }

  $("#first").addEventListener("click", () => show(0));
  $("#prev").addEventListener("click", () => show(shown - 1));
  $("#next").addEventListener("click", () => show(shown + 1));
  $("#last").addEventListener("click", () => show(state.ply));
  document.addEventListener("keydown", (e) => {
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
      card.innerHTML = '<div class="mini"></div><strong></strong><span class="who"></span>'
        + '<span class="status"></span>';
      $("#live").append(card);
    }
    if (!card) return;
    card.querySelector(".mini").innerHTML = game.board || "";
    card.querySelector("strong").textContent = game.title;
    card.querySelector(".who").textContent = game.players;
    card.querySelector(".status").textContent = game.status;
  });
}

const page = document.body.dataset.page;
if (page === "game") gamePage();
if (page === "server") serverPage();
