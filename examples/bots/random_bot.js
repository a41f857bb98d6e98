#!/usr/bin/env node
// A random UNO bot speaking unorules-bot/1 on stdin/stdout (docs/bots.rst).
// No dependencies: Node.js 18 or later.
//
//   unorules match --bot "node examples/bots/random_bot.js --seed 1" --bot random
//
// It plays a random legal card when it can (saying UNO with the play that leaves one
// card), otherwise draws, passes, challenges or names a color as the legal actions allow;
// out of turn it catches a player who forgot UNO, and says UNO late when it holds one card.
"use strict";

const readline = require("node:readline");

const PROTOCOL = "unorules-bot/1";

// A small seeded generator (mulberry32), so that a seed gives the same choices.
function generator(seed) {
  let a = seed >>> 0;
  return function next() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const seedAt = process.argv.indexOf("--seed");
const random = generator(seedAt >= 0 ? Number(process.argv[seedAt + 1]) : Date.now());
const pick = (items) => items[Math.floor(random() * items.length)];

function say(value) {
  process.stdout.write(JSON.stringify(value) + "\n");
}

// The answer to "decide": one of view.legal_actions, unchanged.
function decide(view) {
  const legal = view.legal_actions;
  const plays = legal.filter((a) => "play" in a);
  if (plays.length > 0) {
    const calls = plays.filter((a) => a.uno === true);
    return pick(calls.length > 0 ? calls : plays);
  }
  for (const verb of ["draw", "pass", "choose_color", "challenge"]) {
    const found = legal.filter((a) => verb in a);
    if (found.length > 0) return pick(found);
  }
  return legal[0];
}

// The answer to "interject": an action or null (nothing to do out of turn).
function interject(view) {
  const catches = view.legal_actions.filter((a) => "catch" in a);
  if (catches.length > 0) return pick(catches);
  if (view.hand.length === 1) {
    return view.legal_actions.find((a) => "call_uno" in a) ?? null; // say UNO late
  }
  return null;
}

const lines = readline.createInterface({ input: process.stdin });
lines.on("line", (line) => {
  const message = JSON.parse(line);
  switch (message.type) {
    case "hello":
      say({ type: "hello", protocol: PROTOCOL, name: "random-js" });
      break;
    case "decide":
      say(decide(message.view));
      break;
    case "interject":
      say(interject(message.view));
      break;
    case "bye":
      lines.close();
      break;
    default: // "game", "result": nothing to answer
      break;
  }
});
