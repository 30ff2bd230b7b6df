/** The `wfrp` status effects: one per Condition, with its icon. */
import { CONDITIONS, type ConditionId } from "../../rules/wfrp/index";
import { type StatusEffectSpec } from "../ruleset";

/** Token status icons for the Conditions (Foundry core icons). */
export const CONDITION_ICONS: Record<ConditionId, string> = {
  ablaze: "icons/svg/fire.svg",
  bleeding: "icons/svg/blood.svg",
  blinded: "icons/svg/blind.svg",
  broken: "icons/svg/terror.svg",
  deafened: "icons/svg/deaf.svg",
  entangled: "icons/svg/net.svg",
  fatigued: "icons/svg/degen.svg",
  poisoned: "icons/svg/poison.svg",
  prone: "icons/svg/falling.svg",
  stunned: "icons/svg/daze.svg",
  surprised: "icons/svg/hazard.svg",
  unconscious: "icons/svg/unconscious.svg",
};

export const WFRP_STATUS_EFFECTS: StatusEffectSpec[] = CONDITIONS.map((id) => ({
  id,
  name: `OMNIBUS.WFRP.Condition.${id}`,
  img: CONDITION_ICONS[id],
}));
