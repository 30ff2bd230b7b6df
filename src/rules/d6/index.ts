/**
 * The West End Games D6 ruleset (Star Wars RPG, 2nd ed. R&E) as pure functions over plain data.
 * Spec: `shared/rules/d6.md` (the digest) and seeds 000/001. No Foundry, no DOM.
 *
 * - dice-code: `4D+2` codes — parse, add, subtract, double, halve, 3 pips = 1D; melee `STR+2D` codes.
 * - roll: the core roll with the Wild Die and Character Point dice; checks against a difficulty.
 * - difficulty: levels and numbers, shifts (Heroic+10), rolled difficulties, margins.
 * - actions: multiple actions, preparation, hurry, Force Point doubling, the effective code, combined actions.
 * - ranges: weapon range bands and their difficulties, 3-D range.
 * - combat: attacks, opposed rolls, surprise, melee, called shots, cover, reactions, armor, scale.
 * - damage: the damage table, wound levels and stacking, stun, death roll, hit location, damaged objects.
 * - healing: natural healing, medpacs, bacta tanks.
 * - weapons: ammunition, fire rate, blast zones, grenades.
 * - movement: speeds, terrain rolls, speed changes, movement failures, collisions and falls.
 * - initiative: who rolls, the winner, the action sequence.
 * - force: Force Points, Dark Side Points.
 * - timers: how long a stun, unconsciousness (a stun knock-out too), a bacta tank and a Force Point round last.
 * - odds: exact probabilities of a D6 roll (through the core's odds).
 *
 * Every function answers or throws an `OmnibusError`.
 */
export * from "./dice-code";
export * from "./roll";
export * from "./difficulty";
export * from "./actions";
export * from "./ranges";
export * from "./combat";
export * from "./damage";
export * from "./healing";
export * from "./weapons";
export * from "./movement";
export * from "./initiative";
export * from "./force";
export * from "./timers";
export * from "./odds";
