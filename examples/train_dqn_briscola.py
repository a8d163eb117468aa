"""Train OpenSpiel's DQN (PyTorch, on the CPU) against the random bot on 2-player Briscola, and plot its
learning curve.

    pip install -e '.[rl,rl-examples]'
    nice -n 10 python examples/train_dqn_briscola.py [--episodes 6000] [--eval-every 500] [--eval-deals 200]
        [--plot docs/research/dqn-briscola.png]

The agent plays through OpenSpiel's ``rl_environment`` on ``python_trionfi_briscola`` (the adapter of
``trionfi.envs.openspiel``): its input is the information state tensor of its seat, its outputs the 40 card
ids. It takes seat 0 and seat 1 in turn, one deal each; the other seat plays uniformly random legal cards.
Every ``--eval-every`` training deals it plays ``--eval-deals`` greedy deals (half in each seat) against the
random player; the win rate (draws count half) and the mean card points are plotted, with the heuristic bot's
score against the random one (docs/benchmarks.md) as a reference. A JSON beside the PNG keeps the figures.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np
import pyspiel
import torch
from open_spiel.python import rl_environment
from open_spiel.python.pytorch import dqn

import trionfi.envs.openspiel  # noqa: F401  (registers python_trionfi_briscola)

HEURISTIC_VS_RANDOM = 92.4  # % (docs/benchmarks.md, 2,000 duplicate deals)


def play(env, agent, seat, rng, learn):
    """One deal: the agent at ``seat`` (learning or greedy), the random player at the other."""
    agent.player_id = seat
    time_step = env.reset()
    while not time_step.last():
        player = time_step.observations["current_player"]
        if player == seat:
            action = agent.step(time_step, is_evaluation=not learn).action
        else:
            action = int(rng.choice(time_step.observations["legal_actions"][player]))
        time_step = env.step([action])
    if learn:
        agent.step(time_step)  # the last transition, with the deal's reward
    return time_step.rewards[seat], env.get_state.engine.points()[seat]


def evaluate(env, agent, deals, rng):
    results, points = [], []
    for k in range(deals):
        reward, pts = play(env, agent, k % 2, rng, learn=False)
        results.append(reward)
        points.append(pts)
    score = np.mean([(r + 1) / 2 for r in results])  # win 1, draw 1/2, loss 0
    return 100 * score, float(np.mean(points))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--episodes", type=int, default=6000, help="training deals")
    parser.add_argument("--eval-every", type=int, default=500)
    parser.add_argument("--eval-deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--plot", type=Path, default=Path("docs/research/dqn-briscola.png"))
    parser.add_argument("--replot", action="store_true", help="only draw the plot again from the JSON beside it")
    args = parser.parse_args(argv)
    if args.replot:
        kept = json.loads(args.plot.with_suffix(".json").read_text())
        sys.argv = kept.pop("command").split()
        write(kept, args)
        return 0
    torch.manual_seed(args.seed)
    torch.set_num_threads(1)
    rng = np.random.default_rng(args.seed)
    game = pyspiel.load_game("python_trionfi_briscola")
    env = rl_environment.Environment(game, seed=args.seed)
    agent = dqn.DQN(
        player_id=0,
        state_representation_size=env.observation_spec()["info_state"][0],
        num_actions=env.action_spec()["num_actions"],
        hidden_layers_sizes=[128, 128],
        replay_buffer_capacity=50_000,
        batch_size=64,
        learning_rate=5e-4,
        update_target_network_every=500,
        learn_every=8,
        min_buffer_size_to_learn=2_000,
        epsilon_start=1.0,
        epsilon_end=0.05,
        epsilon_decay_duration=int(args.episodes * 20 * 0.6),
        epsilon_decay_schedule_str="linear",
        optimizer_str="adam",
        loss_str="huber",
        seed=args.seed,
    )
    curve = {"episodes": [], "score": [], "points": [], "seconds": []}
    start = time.perf_counter()
    score, points = evaluate(env, agent, args.eval_deals, rng)
    for name, value in (("episodes", 0), ("score", score), ("points", points), ("seconds", 0.0)):
        curve[name].append(value)
    print(f"0 deals: {score:.1f} % against random, {points:.1f} card points", flush=True)
    for episode in range(1, args.episodes + 1):
        play(env, agent, episode % 2, rng, learn=True)
        if episode % args.eval_every == 0:
            score, points = evaluate(env, agent, args.eval_deals, rng)
            elapsed = time.perf_counter() - start
            for name, value in (("episodes", episode), ("score", score), ("points", points), ("seconds", elapsed)):
                curve[name].append(value)
            print(
                f"{episode} deals: {score:.1f} % against random, {points:.1f} card points ({elapsed:.0f} s)", flush=True
            )
            write(curve, args)  # after every point, so that a run cut short keeps its curve
    write(curve, args)
    return 0


def write(curve, args):
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    args.plot.parent.mkdir(parents=True, exist_ok=True)
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(curve["episodes"], curve["score"], marker="o", label="DQN against random (win rate, draws half)")
    ax.axhline(50, color="grey", linestyle=":", label="random against random")
    ax.axhline(HEURISTIC_VS_RANDOM, color="green", linestyle="--", label="heuristic bot against random")
    ax.set_xlabel("training deals")
    ax.set_ylabel("score against the random player (%)")
    ax.set_ylim(30, 100)
    ax.set_title(
        f"OpenSpiel DQN, 2-player Briscola (python_trionfi_briscola)\n{args.eval_deals} greedy deals per point",
        fontsize=10,
    )
    ax.legend(loc="lower right")
    ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(args.plot, dpi=110)
    plt.close(fig)
    args.plot.with_suffix(".json").write_text(json.dumps({"command": " ".join(sys.argv), **curve}, indent=1) + "\n")
    print(f"wrote {args.plot}")


if __name__ == "__main__":
    sys.exit(main())
