/** D6 status effects (digest C.8); the wound track's ids match src/rules/d6/table/cards.ts `WOUND_STATUS`. */
import type { StatusEffectSpec } from "../ruleset";

const E = (id: string, img: string, key: string): StatusEffectSpec => ({ id, name: `OMNIBUS.D6.Status.${key}`, img });

export const D6_STATUS_EFFECTS: StatusEffectSpec[] = [
  E("stunned", "icons/svg/daze.svg", "Stunned"),
  E("wounded", "icons/svg/blood.svg", "Wounded"),
  E("wounded_twice", "icons/svg/bones.svg", "WoundedTwice"),
  E("incapacitated", "icons/svg/unconscious.svg", "Incapacitated"),
  E("mortally_wounded", "icons/svg/skull.svg", "MortallyWounded"),
  E("unconscious", "icons/svg/sleep.svg", "Unconscious"),
  E("prone", "icons/svg/falling.svg", "Prone"),
  E("surprised", "icons/svg/hazard.svg", "Surprised"),
  E("fullReaction", "icons/svg/shield.svg", "FullReaction"),
  E("forcePoint", "icons/svg/aura.svg", "ForcePoint"),
];
