"""Train a small masked-PPO policy (sb3-contrib's MaskablePPO, torch on the CPU) against the medium bot on
2-player Briscola, through the batched vector environment, and plot its learning curve.

    pip install -e '.[rl,rl-examples]'
    nice -n 10 python examples/train_ppo_briscola.py [--steps 3000000] [--envs 64] [--eval-every 500000]
        [--eval-deals 1000] [--minutes 0] [--wall-minutes 0] [--imitate 0] [--imitate-epochs 8]
        [--learning-rate 3e-4] [--ent-coef 0.01] [--plot docs/research/ppo-briscola.png] [--save model.zip]
    nice -n 10 python examples/train_ppo_briscola.py --evaluate model.zip [--eval-deals 1000] [--eval-seed 7000000]

The environment is :class:`trionfi.envs.vector_training.BothSeats`: ``--envs`` deals from each seat at once on
``trionfi.envs.vector.BriscolaVectorEnv`` with ``opponents="medium"`` (the medium bot chooses every opponent card
from its own seat's observation). One step is one trick; the input is the seat's observation tensor (the same
encoding as ``trionfi/Briscola-v0``), the output one of the 40 card ids, masked to the legal ones. The reward is
shaped: each trick pays the card points it moved / 120, and the deal's end pays the result (+1, 0, -1).

``--imitate R`` first teaches the policy the medium bot's own cards (behaviour cloning): the medium bot plays both
seats of R rounds of ``2 x --envs`` deals (:func:`trionfi.envs.vector_training.imitation_data`, the bot on the
agent's seat given that seat's observation only), the policy learns its cards by cross-entropy and the value head
the returns that followed, for ``--imitate-epochs`` passes; PPO then starts from there (with a smaller learning
rate and entropy bonus, so as not to wash the imitation out at once). PPO from scratch against the medium bot
climbs slowly from the 7 % a random policy scores; imitation starts it near the medium bot's own level.

Stable-Baselines3 takes its own ``VecEnv`` (same-step autoreset, lists of infos), not Gymnasium's vector API:
:class:`Sb3Vec` below is the thin shell between the two; ``BothSeats`` does the work and is tested without torch
(tests/test_envs_vector_training.py). Every ``--eval-every`` steps (and at the end) the greedy policy plays
``--eval-deals`` fixed deals from both seats against the medium bot and against the random one
(:func:`trionfi.envs.vector_training.evaluate`: wins plus half the draws). The curve goes to ``--plot`` and its
figures to a JSON beside it; ``--minutes`` stops training after that much CPU time, ``--wall-minutes`` after
that much time by the clock (0: no limit; the last evaluation follows); ``--save``
keeps the trained model (a zip of SB3's), and ``--evaluate model.zip`` evaluates a kept model again on
``--eval-deals`` deals of their own (``--eval-seed``: not the deals the curve was measured on, so that picking
the moment to stop does not flatter the figure), adding them to the JSON beside ``--plot``.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import torch
from gymnasium import spaces
from sb3_contrib import MaskablePPO
from stable_baselines3.common.callbacks import BaseCallback
from stable_baselines3.common.vec_env import VecEnv

from trionfi.envs.vector_training import BothSeats, evaluate, imitation_data, random_policy


class Sb3Vec(VecEnv):
    """:class:`BothSeats` as Stable-Baselines3's ``VecEnv`` (MaskablePPO reads the masks from ``action_masks``)."""

    def __init__(self, envs: BothSeats, seed: int) -> None:
        self.envs = envs
        self._seed = seed
        self._actions: np.ndarray | None = None
        self.render_mode = None
        observation_space = spaces.Box(0.0, 1.0, (envs.observation_size,), np.float32)
        super().__init__(envs.num_envs, observation_space, spaces.Discrete(envs.num_actions))

    def reset(self) -> np.ndarray:
        obs = self.envs.reset(seed=self._seed)
        self._seed += 2
        return obs

    def step_async(self, actions: np.ndarray) -> None:
        self._actions = actions

    def step_wait(self) -> Any:
        return self.envs.step(self._actions)

    def action_masks(self) -> np.ndarray:
        return self.envs.action_masks()

    def close(self) -> None:
        pass

    def get_attr(self, attr_name: str, indices: Any = None) -> list[Any]:
        return [getattr(self, attr_name)] * len(list(self._get_indices(indices)))

    def set_attr(self, attr_name: str, value: Any, indices: Any = None) -> None:
        raise AttributeError("Sb3Vec has no per-environment attributes to set")

    def env_method(self, method_name: str, *args: Any, indices: Any = None, **kwargs: Any) -> list[Any]:
        if method_name == "action_masks":  # one call for all: MaskablePPO stacks the list it gets back
            return list(self.envs.action_masks())
        raise AttributeError(f"Sb3Vec has no method {method_name!r}")

    def env_is_wrapped(self, wrapper_class: Any, indices: Any = None) -> list[bool]:
        return [False] * self.num_envs


def imitate(model: MaskablePPO, data: dict[str, np.ndarray], epochs: int, batch: int = 1024) -> float:
    """Teach the policy the teacher's cards (cross-entropy over the legal cards) and its value head the returns
    that followed (squared error), on the PPO model's own networks and optimiser; the share of the teacher's
    cards the greedy policy then plays."""
    policy = model.policy
    obs = torch.as_tensor(data["observations"])
    masks = torch.as_tensor(data["masks"])
    actions = torch.as_tensor(data["actions"])
    returns = torch.as_tensor(data["returns"])
    generator = torch.Generator().manual_seed(0)
    for epoch in range(epochs):
        order = torch.randperm(len(obs), generator=generator)
        for start in range(0, len(obs), batch):
            rows = order[start : start + batch]
            values, log_prob, _ = policy.evaluate_actions(obs[rows], actions[rows], action_masks=masks[rows].numpy())
            loss = -log_prob.mean() + 0.5 * ((values.flatten() - returns[rows]) ** 2).mean()
            policy.optimizer.zero_grad()
            loss.backward()
            torch.nn.utils.clip_grad_norm_(policy.parameters(), 0.5)
            policy.optimizer.step()
        with torch.no_grad():
            sample = slice(0, min(len(obs), 50_000))
            chosen, _ = model.predict(obs[sample].numpy(), action_masks=masks[sample].numpy(), deterministic=True)
            agree = float((chosen == data["actions"][sample]).mean())
        print(
            f"imitation epoch {epoch + 1}: loss {loss.item():.3f}, the teacher's card {100 * agree:.1f} %", flush=True
        )
    return agree


def greedy(model: MaskablePPO):
    def policy(observations: np.ndarray, masks: np.ndarray) -> np.ndarray:
        actions, _ = model.predict(observations, action_masks=masks, deterministic=True)
        return actions

    return policy


def cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


class Curve(BaseCallback):
    """Evaluate every ``every`` steps, print and keep the figures; stop after ``minutes`` of CPU time."""

    def __init__(self, every: int, deals: int, minutes: float, wall: float, record: dict[str, Any], out: Path) -> None:
        super().__init__()
        self.every, self.deals, self.minutes, self.wall, self.record, self.out = (
            every,
            deals,
            minutes,
            wall,
            record,
            out,
        )
        self.next_at = every
        self.started = cpu_seconds()
        self.wall_started = time.time()

    def measure(self) -> None:
        t = cpu_seconds()
        medium = evaluate(greedy(self.model), self.deals, "medium")
        rand = evaluate(greedy(self.model), self.deals, "random")
        point = {
            "steps": int(self.num_timesteps),
            "deals": int(self.num_timesteps) // 20,
            "cpu_seconds": round(t - self.started, 1),
            "vs_medium": medium["score"],
            "vs_random": rand["score"],
            "medium": medium,
            "random": rand,
            "load_average": os.getloadavg()[0],
        }
        self.record["curve"].append(point)
        print(
            f"steps {point['steps']:>9,}  cpu {point['cpu_seconds']:>7.0f}s  vs medium {100 * point['vs_medium']:.1f} %"
            f"  vs random {100 * point['vs_random']:.1f} %  (eval {cpu_seconds() - t:.0f}s cpu, load "
            f"{point['load_average']:.2f})",
            flush=True,
        )
        save(self.record, self.out)

    def _on_step(self) -> bool:
        if self.num_timesteps >= self.next_at:
            self.next_at += self.every
            self.measure()
        over_cpu = self.minutes and cpu_seconds() - self.started > 60 * self.minutes
        over_wall = self.wall and time.time() - self.wall_started > 60 * self.wall
        return not (over_cpu or over_wall)


def save(record: dict[str, Any], plot: Path) -> None:
    plot.parent.mkdir(parents=True, exist_ok=True)
    plot.with_suffix(".json").write_text(json.dumps(record, indent=1) + "\n")
    draw(record, plot)


def draw(record: dict[str, Any], plot: Path) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    curve = record["curve"]
    if not curve:
        return
    steps = [p["steps"] / 1e6 for p in curve]
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(steps, [100 * p["vs_medium"] for p in curve], "o-", label="vs medium bot")
    ax.plot(steps, [100 * p["vs_random"] for p in curve], "s-", label="vs random bot")
    ax.axhline(50, color="grey", lw=0.8, ls="--")
    ax.set_xlabel("training steps (millions; 20 steps a deal)")
    ax.set_ylabel("score % (draws half), both seats")
    held = record.get("held_out")
    if held:
        ax.plot([steps[-1]], [100 * held["medium"]["score"]], "D", color="black", label="vs medium, held-out deals")
    deals = curve[-1]["medium"]["deals"]
    start = "after imitating the medium bot" if record.get("imitation") else "from scratch"
    ax.set_title(f"MaskablePPO on 2-player Briscola, {start}\n({deals:,} fixed deals x 2 seats a point)", fontsize=10)
    ax.set_ylim(0, 100)
    ax.grid(alpha=0.3)
    ax.legend()
    fig.tight_layout()
    fig.savefig(plot, dpi=110)
    plt.close(fig)


def held_out(args: argparse.Namespace) -> int:
    """Evaluate a saved model on deals of its own (``--eval-seed``, not the curve's), print the figures and add
    them to the JSON beside ``--plot`` (under ``held_out``) when there is one."""
    torch.set_num_threads(1)
    model = MaskablePPO.load(args.evaluate, device="cpu")
    t = cpu_seconds()
    figures = {
        name: evaluate(greedy(model), args.eval_deals, name, seed=args.eval_seed) for name in ("medium", "random")
    }
    for name, result in figures.items():
        print(
            f"vs {name}: {100 * result['score']:.1f} % over {result['deals']:,} deals x 2 seats (seat 0 "
            f"{result['seat0']}, seat 1 {result['seat1']})"
        )
    print(f"({cpu_seconds() - t:.0f}s cpu, load {os.getloadavg()[0]:.2f})")
    path = args.plot.with_suffix(".json")
    if path.exists():
        record = json.loads(path.read_text())
        record["held_out"] = {"seed": args.eval_seed, "load_average": os.getloadavg()[0], **figures}
        path.write_text(json.dumps(record, indent=1) + "\n")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--steps", type=int, default=3_000_000, help="training steps (one a trick, 20 a deal)")
    parser.add_argument("--envs", type=int, default=64, help="deals per seat played at once")
    parser.add_argument("--eval-every", type=int, default=500_000)
    parser.add_argument("--eval-deals", type=int, default=1000, help="fixed deals, each played from both seats")
    parser.add_argument("--minutes", type=float, default=0.0, help="stop after this much CPU time (0: no limit)")
    parser.add_argument("--wall-minutes", type=float, default=0.0, help="stop after this much time (0: no limit)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--imitate", type=int, default=0, help="first imitate the medium bot on this many rounds of 2 x --envs deals"
    )
    parser.add_argument("--imitate-epochs", type=int, default=8)
    parser.add_argument("--learning-rate", type=float, default=3e-4)
    parser.add_argument("--ent-coef", type=float, default=0.01)
    parser.add_argument("--plot", type=Path, default=Path("docs/research/ppo-briscola.png"))
    parser.add_argument("--save", type=Path, default=None, help="keep the trained model here (SB3's zip)")
    parser.add_argument("--replot", action="store_true", help="only draw the plot again from the JSON beside it")
    parser.add_argument(
        "--evaluate", type=Path, default=None, help="only evaluate this saved model on --eval-deals from --eval-seed"
    )
    parser.add_argument(
        "--eval-seed", type=int, default=7_000_000, help="with --evaluate: deals other than the curve's"
    )
    args = parser.parse_args(argv)
    if args.replot:
        draw(json.loads(args.plot.with_suffix(".json").read_text()), args.plot)
        return 0
    if args.evaluate:
        return held_out(args)
    torch.set_num_threads(1)  # one core: the machine is shared, and small batches gain nothing from threads
    torch.manual_seed(args.seed)
    env = Sb3Vec(BothSeats(args.envs, "medium"), seed=args.seed)
    settings = {
        "n_steps": 64,
        "batch_size": 1024,
        "n_epochs": 4,
        "learning_rate": args.learning_rate,
        "gamma": 1.0,
        "gae_lambda": 0.95,
        "ent_coef": args.ent_coef,
        "clip_range": 0.2,
        "policy_kwargs": {"net_arch": [256, 256]},
    }
    model = MaskablePPO("MlpPolicy", env, seed=args.seed, verbose=0, **settings)
    record: dict[str, Any] = {
        "command": "python examples/train_ppo_briscola.py " + " ".join(sys.argv[1:] if argv is None else argv),
        "settings": {**settings, "envs_per_seat": args.envs, "seed": args.seed},
        "random_vs_medium": evaluate(random_policy(0), args.eval_deals, "medium")["score"],
        "curve": [],
    }
    curve = Curve(args.eval_every, args.eval_deals, args.minutes, args.wall_minutes, record, args.plot)
    started = time.time()
    curve.init_callback(model)
    if args.imitate:
        t = cpu_seconds()
        data = imitation_data(BothSeats(args.envs, "medium"), args.imitate, seed=args.seed + 10_000)
        print(f"imitation data: {len(data['actions']):,} decisions of the medium bot ({cpu_seconds() - t:.0f}s cpu)")
        record["imitation"] = {
            "decisions": len(data["actions"]),
            "epochs": args.imitate_epochs,
            "agreement": imitate(model, data, args.imitate_epochs),
            "cpu_seconds": round(cpu_seconds() - t, 1),
        }
        del data
    curve.measure()  # the policy before PPO (untrained, or imitating the medium bot): step 0
    model.learn(total_timesteps=args.steps, callback=curve)
    if record["curve"][-1]["steps"] != curve.num_timesteps:
        curve.measure()
    record["wall_seconds"] = round(time.time() - started)
    save(record, args.plot)
    if args.save:
        model.save(args.save)
    final = record["curve"][-1]
    print(
        f"final after {final['steps']:,} steps: vs medium {100 * final['vs_medium']:.1f} %, "
        f"vs random {100 * final['vs_random']:.1f} % ({args.eval_deals} deals x 2 seats each)"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
