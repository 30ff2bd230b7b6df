/**
 * The WFRP 4e ruleset (seed 003, digest rules/wfrp.md), pure: plain data in, plain data out, no
 * Foundry. Rolls take a `DiceSource` and consume faces in the dice order contract; every function
 * answers or throws an `OmnibusError`.
 *
 * - Tests: `resolveTest`/`rollTest` (d100 roll-under, SL, automatic results, outcome bands, Fast SL,
 *   tests over 100 %, criticals/fumbles), `TestOptions` (the world-setting options), the difficulty
 *   table, opposed (`rollOpposed`, `opposeFixedSL`), extended (`extendedTest`), assistance,
 *   combined skills, characteristics and skills, modifiers from talents and other sources.
 * - Combat: attacks (`resolveAttack`/`rollAttack`, hit location, range bands), Wounds and armour
 *   (`maxWounds`, `armourAt`, `applyDamage`), Conditions, Advantage, initiative, turns, movement, surprise.
 */
export * from "./d100";
export * from "./difficulty";
export * from "./options";
export * from "./test";
export * from "./opposed";
export * from "./reroll";
export * from "./extended";
export * from "./assistance";
export * from "./combined";
export * from "./characteristics";
export * from "./skills";
export * from "./modifiers";
export * from "./conditions";
export * from "./health";
export * from "./combat/ranges";
export * from "./combat/weapons";
export * from "./combat/attack";
export * from "./combat/advantage";
export * from "./combat/initiative";
export * from "./combat/turn";
export * from "./combat/movement";
export * from "./odds";
export * from "./combat/modifiers";
export * from "./timers";
