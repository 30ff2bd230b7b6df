/** The Silhouette status effects: the combat states the tracker and the checks read. */
import { type StatusEffectSpec } from "../ruleset";
import { STATUS } from "./combat";

const S = "OMNIBUS.Silhouette.Status.";

/** The conditions of the combat tracker (digest §15.3). */
export const SILHOUETTE_STATUS_EFFECTS: StatusEffectSpec[] = [
  { id: STATUS.prone, name: `${S}prone`, img: "icons/svg/falling.svg" },
  { id: "aiming", name: `${S}aiming`, img: "icons/svg/target.svg" },
  { id: STATUS.diveForCover, name: `${S}diveForCover`, img: "icons/svg/downgrade.svg" },
  { id: STATUS.pullTogether, name: `${S}pullTogether`, img: "icons/svg/regen.svg" },
  { id: STATUS.continuingAction, name: `${S}continuingAction`, img: "icons/svg/clockwork.svg" },
  { id: "readied", name: `${S}readied`, img: "icons/svg/sword.svg" },
  { id: "delayed", name: `${S}delayed`, img: "icons/svg/sleep.svg" },
  { id: "suppressed", name: `${S}suppressed`, img: "icons/svg/terror.svg" },
  { id: "losingGrip", name: `${S}losingGrip`, img: "icons/svg/net.svg" },
  { id: STATUS.kneeDeepWater, name: `${S}kneeDeepWater`, img: "icons/svg/waterfall.svg" },
  { id: "unaware", name: `${S}unaware`, img: "icons/svg/blind.svg" },
  { id: "lightWound", name: `${S}lightWound`, img: "icons/svg/blood.svg" },
  { id: "heavyWound", name: `${S}heavyWound`, img: "icons/svg/bones.svg" },
];
