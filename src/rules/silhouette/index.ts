/**
 * The Silhouette ruleset (seed 004 "7. Экшен!", digest rules/silhouette.md) as pure functions over
 * plain data — no Foundry. Rolls take a `DiceSource` (src/core/dice.ts) and consume d6 faces in
 * the dice order contract; bad input throws `OmnibusError` only.
 *
 * Topics:
 *  - pool.ts        the dice pool (highest + extra sixes), untrained rolls, mishaps, checks, margins
 *  - initiative.ts  initiative every round, ties, mishaps, "pull yourself together", triggers
 *  - actions.ts     action types, the multi-action penalty, Simple pairs, free strikes
 *  - movement.ts    speeds, the movement modifier table, mode from distance, load, wounds
 *  - melee.ts       defense skills, several attackers, reach, cramped, water, quick/lightning, feints, surprise
 *  - ranged.ts      aiming, called shots, bursts, walking and suppressive fire, throwing, scatter
 *  - damage.ts      margin × damage multiplier, wound thresholds (Silhouette convention), health
 *  - athletics.ts   falling, jumping, climbing and grip, chases
 *  - combat.ts      an attack from modifiers to damage (for the chat card)
 *  - grenade.ts     the grenade's two tests
 */
export * from "./pool";
export * from "./initiative";
export * from "./actions";
export * from "./movement";
export * from "./melee";
export * from "./ranged";
export * from "./damage";
export * from "./athletics";
export * from "./grenade";
export * from "./combat";
