/**
 * The Storytelling System (World of Darkness rulebook, 2004; seed 002, digest rules/storytelling.md)
 * as pure functions over plain data — no Foundry, no DOM. Every function answers or throws an
 * OmnibusError; rolls take faces from a DiceSource in the dice order contract (src/core/pool.ts).
 *
 * - roll.ts      the core roll: pools, 8+, 10/9/8-again, rote, chance die, dramatic failure, exceptional
 * - pool.ts      building a pool: traits, unskilled, Specialty, equipment, Willpower, teamwork, modifiers
 * - traits.ts    Attributes, Skills and categories; derived Defense, Initiative, Health, Willpower, Speed; XP
 * - actions.ts   extended and contested actions, exceptional overshoot, Willpower once per turn
 * - health.ts    the Health track: damage types, overflow upgrades, wound penalties, status, healing
 * - combat.ts    initiative and ties, Defense/Dodge, attack pools, armour, ranges, sights, autofire
 * - objects.ts   Durability/Size/Structure, breaking things, improvised weapons, falling
 * - odds.ts      exact odds of a roll (the core's distribution) with the roll's own options
 * - vehicles.ts  acceleration, braking, speed, crashes, rams, occupants, motorcycles, jumps, sample vehicles
 * - environment.ts fire, electrocution, holding breath, fatigue, survival gear
 */
export * from "./roll";
export * from "./pool";
export * from "./traits";
export * from "./actions";
export * from "./health";
export * from "./combat";
export * from "./objects";
export * from "./vehicles";
export * from "./environment";
export * from "./odds";
