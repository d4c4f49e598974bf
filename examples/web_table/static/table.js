// The web table's page: it asks the server, shows what it is sent, and sends the move a button names.
// The server decides everything; the page only draws its replies.
"use strict";

let table = null; // the table's id: the page's only key to its match

// POST a JSON body (or GET without one), then show the reply, refused or not.
async function ask(url, body) {
  const options = body === undefined ? {} : {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  };
  let reply;
  try {
    reply = await (await fetch(url, options)).json();
  } catch (error) {
    reply = { error: `no answer from the server (${error.message})` };
  }
  show(reply);
}

// Send a move: an action document, as the observation document lists the seat's moves.
function sendMove(action) {
  for (const button of document.querySelectorAll("#moves button")) button.disabled = true;
  return ask(`api/tables/${table}/moves`, action);
}

function show(reply) {
  const error = document.getElementById("error");
  error.textContent = reply.error ?? "";
  error.hidden = !reply.error;
  if (reply.html === undefined) { // refused before a table could be shown: keep the page as it is
    for (const button of document.querySelectorAll("#moves button")) button.disabled = false;
    return;
  }
  const log = document.getElementById("log");
  if (reply.table !== table) log.replaceChildren(); // a new match
  table = reply.table;
  location.hash = table; // a reload comes back to this match
  // Drawn by the server from what this seat may see, every text escaped.
  document.getElementById("table").innerHTML = reply.html;
  document.getElementById("last-deal").innerHTML = reply.last_deal;
  // The moves this seat may make, each with its label and its action document.
  document.getElementById("moves").replaceChildren(...reply.observation.legal_actions.map(({ label, action }) => {
    const button = document.createElement("button");
    button.textContent = label;
    button.dataset.action = JSON.stringify(action);
    button.addEventListener("click", () => sendMove(action));
    return button;
  }));
  for (const line of reply.news) {
    const item = document.createElement("li");
    item.textContent = line;
    log.append(item);
  }
  log.hidden = log.children.length === 0;
  log.scrollTop = log.scrollHeight;
}

document.getElementById("start").addEventListener("submit", (event) => {
  event.preventDefault();
  const form = new FormData(event.target);
  const number = (name) => (form.get(name) === "" ? null : Number(form.get(name)));
  ask("api/tables", {
    preset: form.get("preset"),
    players: number("players"),
    deal_limit: number("deal_limit"),
    turn_limit: number("turn_limit"),
  });
});

async function load() {
  const games = await (await fetch("api/games")).json();
  const select = document.querySelector("select[name=preset]");
  select.replaceChildren(...games.presets.map((name) => new Option(name, name)));
  if (location.hash.length > 1) await ask(`api/tables/${encodeURIComponent(location.hash.slice(1))}`);
}

load();
