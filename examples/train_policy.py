"""Train the network that ``unorules.agents.bots.PolicyBot`` plays, from a seed.

The recipe (2 players, the profile ``mattel``):

1. Behaviour cloning: ``--games`` rounds of ``HeuristicBot`` against itself; at every
   decision with a choice the network learns the heuristic's token (cross-entropy over the
   legal tokens) and a value head learns the round's outcome for that seat.
2. PPO (``MaskablePPO`` of sb3-contrib) from those weights on the Gymnasium environment
   ``unorules/Uno-v1`` against ``HeuristicBot``, the observation taken at the entries
   ``PolicyBot`` reads (``unorules.agents.policy.feature_indices``); after every
   ``--chunk`` steps the policy is written as a weights file and played as ``PolicyBot``
   against ``HeuristicBot`` and ``RandomBot`` (``--eval-games`` rounds each, every deal
   from both seats, the same deals every time).
3. The checkpoint that did best against ``HeuristicBot`` is played over ``--final-games``
   rounds on other deals against both, and written to ``--out``.

It writes the learning curve (steps, CPU seconds, win rates with 95% intervals) to
``--curve`` as JSON. The shipped weights are reproduced by the command (one thread; the
CPU time printed is this process's)::

    pip install 'unorules[train]'
    python examples/train_policy.py --seed 0 --out policy_weights.json --curve curve.json

The package never imports this script, and the test suite does not run it.
"""

from __future__ import annotations

import argparse
import functools
import itertools
import json
import math
import random
import sys
import time
from pathlib import Path
from typing import Any

try:
    import gymnasium
    import numpy as np
    import torch
    from sb3_contrib import MaskablePPO
    from sb3_contrib.common.wrappers import ActionMasker
    from torch import nn
except ImportError as exc:  # pragma: no cover - a usage message, not a traceback
    sys.exit(f"train_policy.py needs the extra: pip install 'unorules[train]' ({exc})")

import unorules as uno
import unorules.agents.gymnasium  # (registers unorules/Uno-v1)
from unorules.agents import bots, encoding, observation, policy

PLAYERS = 2
RULES = "mattel"
HIDDEN = (64, 64)


def log(*parts: object) -> None:
    print(*parts, flush=True)


# == 1. behaviour cloning ======================================================================


class Net(nn.Module):  # type: ignore[misc]
    """The policy (and a value head) in the shape MaskablePPO's MlpPolicy builds."""

    def __init__(self) -> None:
        super().__init__()

        def body() -> nn.Sequential:
            sizes = (policy.INPUTS, *HIDDEN)
            layers: list[nn.Module] = []
            for a, b in itertools.pairwise(sizes):
                layers += [nn.Linear(a, b), nn.ReLU()]
            return nn.Sequential(*layers)

        self.policy_net = body()
        self.value_body = body()
        self.action_net = nn.Linear(HIDDEN[-1], encoding.N_TOKENS)
        self.value_net = nn.Linear(HIDDEN[-1], 1)

    def forward(self, x: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        return self.action_net(self.policy_net(x)), self.value_net(self.value_body(x))[:, 0]


def collect(games: int, seed: int) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """States from HeuristicBot's rounds against itself: inputs, legal-token masks, the
    heuristic's tokens, and the round's outcome for the seat (+1 won, -1 lost)."""
    xs: list[list[float]] = []
    masks: list[list[int]] = []
    ys: list[int] = []
    seats: list[tuple[int, int]] = []  # (game, seat) of each sample
    outcome: dict[tuple[int, int], float] = {}
    for g in range(games):
        teachers = [bots.HeuristicBot(seed * 100_003 + 2 * g + s) for s in range(PLAYERS)]
        start = uno.new_game(PLAYERS, RULES, seed=seed * 1_000_003 + g)
        recorder = [_Recorder(t, g, xs, masks, ys, seats) for t in teachers]
        *_, (_, last) = bots.play(start, recorder, rounds=1, max_actions=100_000)
        for s in range(PLAYERS):
            outcome[(g, s)] = 1.0 if last.round_winner == s else -1.0
    x = np.asarray(xs, dtype=np.float32)
    m = np.zeros((len(masks), encoding.N_TOKENS), dtype=bool)
    for i, tokens in enumerate(masks):
        m[i, tokens] = True
    return x, m, np.asarray(ys, dtype=np.int64), np.asarray([outcome[k] for k in seats], np.float32)


class _Recorder:
    """A HeuristicBot that records the tokens of its choices as PolicyBot would see them."""

    def __init__(self, teacher: bots.HeuristicBot, game: int, *out: list[Any]) -> None:
        self.teacher, self.game = teacher, game
        self.xs, self.masks, self.ys, self.seats = out

    def act(self, state: uno.State, seat: int) -> uno.Action:
        action = self.teacher.act(state, seat)
        if isinstance(action, uno.CallUno | uno.CatchUno):
            return action  # PolicyBot makes these itself, as the heuristic does
        view = uno.observe(state, seat)
        builder = encoding.ActionBuilder(policy.choices(view), PLAYERS)
        prefix: list[int] = []
        for token in encoding.encode(action, PLAYERS):
            legal = builder.tokens()
            if len(legal) > 1:
                self.xs.append(policy.features(view, prefix))
                self.masks.append(list(legal))
                self.ys.append(token)
                self.seats.append((self.game, seat))
            builder.push(token)
            prefix.append(token)
        return action

    def interject(self, state: uno.State, seat: int) -> uno.Action | None:
        return self.teacher.interject(state, seat)


def clone(data: tuple[np.ndarray, ...], seed: int, epochs: int) -> Net:
    x, m, y, v = (torch.from_numpy(a) for a in data)
    n = len(y)
    g = torch.Generator().manual_seed(seed)
    order = torch.randperm(n, generator=g)
    held = order[: n // 10]
    train = order[n // 10 :]
    net = Net()
    opt = torch.optim.Adam(net.parameters(), lr=1e-3)
    for epoch in range(epochs):
        perm = train[torch.randperm(len(train), generator=g)]
        for i in range(0, len(perm), 256):
            b = perm[i : i + 256]
            logits, value = net(x[b])
            logits = logits.masked_fill(~m[b], -1e9)
            loss = nn.functional.cross_entropy(logits, y[b]) + 0.5 * nn.functional.mse_loss(
                value, v[b]
            )
            opt.zero_grad()
            loss.backward()
            opt.step()
        with torch.no_grad():
            logits, value = net(x[held])
            agree = (logits.masked_fill(~m[held], -1e9).argmax(1) == y[held]).float().mean()
        log(
            f"  clone epoch {epoch + 1}: agrees with HeuristicBot on {100 * float(agree):.1f}%"
            f" of held-out choices"
        )
    return net


# == weights files and evaluation ==============================================================


def export(
    policy_net: nn.Sequential, action_net: nn.Linear, path: Path, trained: dict[str, Any]
) -> None:
    linears = [m for m in policy_net if isinstance(m, nn.Linear)] + [action_net]
    layers = [
        (m.weight.detach().double().T.tolist(), m.bias.detach().double().tolist()) for m in linears
    ]
    path.write_text(policy.PolicyNetwork(layers).to_json(trained) + "\n", encoding="utf-8")


def wilson(wins: int, n: int) -> tuple[float, float, float]:
    p, z = wins / n, 1.96
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return p, centre - half, centre + half


def evaluate(weights: Path, opponent: str, games: int, seed: int) -> dict[str, float]:
    bot = functools.partial(bots.PolicyBot, weights=str(weights))
    result = uno.tournament([bot, opponent], games=games, rules=RULES, seed=seed)
    rate = result.win_rates[0]
    return {"rate": rate.value, "low": rate.low, "high": rate.high, "rounds": result.rounds_played}


def shown(r: dict[str, float]) -> str:
    return f"{100 * r['rate']:.1f}% [{100 * r['low']:.1f}, {100 * r['high']:.1f}]"


# == 2. PPO ====================================================================================


def make_env(seed: int) -> Any:
    index = np.asarray(policy.feature_indices(observation.SEGMENTS))
    opponents = [bots.HeuristicBot(seed + s) for s in range(PLAYERS)]
    env = gymnasium.make("unorules/Uno-v1", players=PLAYERS, rules=RULES, bots=opponents)
    space = gymnasium.spaces.Box(0.0, 1.0, (policy.INPUTS,), np.float32)
    env = gymnasium.wrappers.TransformObservation(env, lambda o: o[index], space)
    return ActionMasker(env, lambda e: e.unwrapped.action_masks())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games", type=int, default=3000, help="rounds to clone from")
    parser.add_argument("--epochs", type=int, default=12)
    parser.add_argument("--steps", type=int, default=300_000, help="PPO steps")
    parser.add_argument("--chunk", type=int, default=50_000, help="PPO steps between evaluations")
    parser.add_argument("--eval-games", type=int, default=400)
    parser.add_argument("--final-games", type=int, default=2000)
    parser.add_argument("--out", type=Path, default=Path("policy_weights.json"))
    parser.add_argument("--curve", type=Path, default=Path("curve.json"))
    parser.add_argument("--work", type=Path, default=Path("train_policy_checkpoints"))
    args = parser.parse_args()

    torch.set_num_threads(1)
    torch.manual_seed(args.seed)
    random.seed(args.seed)
    np.random.seed(args.seed)
    args.work.mkdir(parents=True, exist_ok=True)
    cpu = time.process_time
    curve: list[dict[str, Any]] = []
    trained = {
        "command": " ".join(["python", "examples/train_policy.py", *sys.argv[1:]]),
        "seed": args.seed,
    }

    log(f"1. cloning HeuristicBot from {args.games} rounds")
    data = collect(args.games, args.seed)
    log(f"  {len(data[2])} choices, cpu {cpu():.0f}s")
    net = clone(data, args.seed, args.epochs)

    def checkpoint(steps: int, policy_net: nn.Sequential, action_net: nn.Linear) -> Path:
        path: Path = args.work / f"step{steps}.json"
        export(policy_net, action_net, path, {**trained, "steps": steps})
        point: dict[str, Any] = {
            "steps": steps,
            "cpu": round(cpu(), 1),
            "heuristic": evaluate(path, "heuristic", args.eval_games, args.seed + 1),
            "random": evaluate(path, "random", args.eval_games, args.seed + 1),
        }
        point["eval_cpu"] = round(cpu() - point["cpu"], 1)
        curve.append(point)
        log(
            f"  {steps} PPO steps, cpu {point['cpu']:.0f}s: vs HeuristicBot "
            f"{shown(point['heuristic'])}, vs RandomBot {shown(point['random'])}"
        )
        args.curve.write_text(json.dumps({"curve": curve}, indent=1) + "\n", encoding="utf-8")
        return path

    paths = {0: checkpoint(0, net.policy_net, net.action_net)}

    log(f"2. PPO against HeuristicBot, {args.steps} steps")
    model = MaskablePPO(
        "MlpPolicy",
        make_env(args.seed),
        learning_rate=1e-4,
        gamma=1.0,
        n_steps=2048,
        batch_size=256,
        n_epochs=4,
        clip_range=0.1,
        ent_coef=0.0,
        seed=args.seed,
        verbose=0,
        policy_kwargs={
            "net_arch": {"pi": list(HIDDEN), "vf": list(HIDDEN)},
            "activation_fn": nn.ReLU,
        },
    )
    p = model.policy
    with torch.no_grad():
        for mine, theirs in (
            (net.policy_net, p.mlp_extractor.policy_net),
            (net.value_body, p.mlp_extractor.value_net),
            (net.action_net, p.action_net),
            (net.value_net, p.value_net),
        ):
            theirs.load_state_dict(mine.state_dict())
    done = 0
    while done < args.steps:
        model.learn(total_timesteps=args.chunk, reset_num_timesteps=False)
        done += args.chunk
        paths[done] = checkpoint(done, p.mlp_extractor.policy_net, p.action_net)

    best = max(curve, key=lambda c: (c["heuristic"]["rate"], -c["steps"]))
    log(f"3. the best checkpoint: {best['steps']} PPO steps; final evaluation")
    final: dict[str, Any] = {
        "steps": best["steps"],
        "training_cpu": round(cpu(), 1),
        "heuristic": evaluate(paths[best["steps"]], "heuristic", args.final_games, args.seed + 2),
        "random": evaluate(paths[best["steps"]], "random", args.final_games, args.seed + 2),
    }
    final["cpu"] = round(cpu(), 1)
    args.out.write_text(paths[best["steps"]].read_text(encoding="utf-8"), encoding="utf-8")
    args.curve.write_text(
        json.dumps({"curve": curve, "final": final}, indent=1) + "\n", encoding="utf-8"
    )
    log(
        f"  over {args.final_games} rounds: vs HeuristicBot {shown(final['heuristic'])}, "
        f"vs RandomBot {shown(final['random'])}"
    )
    log(f"wrote {args.out} and {args.curve}; cpu {cpu():.0f}s in all")


if __name__ == "__main__":
    main()
