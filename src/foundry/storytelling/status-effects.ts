/** The Storytelling status effects: the wound penalties, unconsciousness and dying, and the combat states. */
import type { StatusEffectSpec } from "../ruleset";
import { KEY } from "../../rules/storytelling/table/checks";

export const STORYTELLING_STATUS_EFFECTS: StatusEffectSpec[] = [
  { id: "wounded1", name: `${KEY}.Status.wounded1`, img: "icons/svg/blood.svg" },
  { id: "wounded2", name: `${KEY}.Status.wounded2`, img: "icons/svg/blood.svg" },
  { id: "wounded3", name: `${KEY}.Status.wounded3`, img: "icons/svg/blood.svg" },
  { id: "unconsciousRisk", name: `${KEY}.Status.unconsciousRisk`, img: "icons/svg/daze.svg" },
  { id: "unconscious", name: `${KEY}.Status.unconscious`, img: "icons/svg/unconscious.svg" },
  { id: "dying", name: `${KEY}.Status.dying`, img: "icons/svg/degen.svg" },
  { id: "knockedDown", name: `${KEY}.Status.knockedDown`, img: "icons/svg/falling.svg" },
  { id: "dodging", name: `${KEY}.Status.dodging`, img: "icons/svg/shield.svg" },
  { id: "allOutAttack", name: `${KEY}.Status.allOutAttack`, img: "icons/svg/sword.svg" },
  { id: "surprised", name: `${KEY}.Status.surprised`, img: "icons/svg/eye.svg" },
  { id: "pepperSprayed", name: `${KEY}.Status.pepperSprayed`, img: "icons/svg/poison.svg" },
];
