/**
 * The Silhouette Roll: Foundry d6 terms in the dice order contract → the pure resolver.
 *
 *  - a trained pool of N dice is `Nd6` (with `rerollAndAdd`, `Nd6x6`: Foundry appends each six's
 *    extra die at the end and checks it later, as the resolver reads them);
 *  - an untrained roll is `2d6` (keep the lowest, digest §2.4);
 *  - "pull yourself together" initiative is a constant: no die (004:L18).
 *
 * The roll's `total` is the Silhouette total (highest die + extra sixes + modifiers), not the sum
 * of the dice, so the combat tracker and the roll tooltip show the rules' number.
 */
import type { DiceSource } from "../../core/dice";
import {
  rollCheck,
  rollInitiative,
  type CheckOptions,
  type CheckRequest as PoolCheck,
  type CheckRoll,
  type InitiativeResult,
} from "../../rules/silhouette/index";
import { OmnibusRoll } from "../dice/roll";
import { templatePath } from "../templates/helpers";
import { initiativeCardContext } from "../../rules/silhouette/table/cards";

export const INITIATIVE_TEMPLATE = templatePath("silhouette/chat/initiative");

export interface SilhouetteCheckRollOptions {
  kind: "check";
  check: PoolCheck;
  rules: CheckOptions;
}
export interface SilhouetteInitiativeRollOptions {
  kind: "initiative";
  initiative: { combatSense: number; modifier: number; pulledTogether: boolean; continuingAction: boolean };
  rules: CheckOptions;
}
export type SilhouetteRollOptions = SilhouetteCheckRollOptions | SilhouetteInitiativeRollOptions;

export type SilhouetteOutcome = (CheckRoll & { kind: "check" }) | (InitiativeResult & { kind: "initiative" });

/** The Foundry formula for a pool: N dice (0 or `untrained` = two dice, keep the lowest). */
export function poolFormula(dice: number, untrained: boolean, sixMode: CheckOptions["sixMode"] = "silhouettePlusOne"): string {
  if (untrained || dice <= 0) return "2d6";
  return sixMode === "rerollAndAdd" ? `${dice}d6x6` : `${dice}d6`;
}

/** The formula of an initiative roll. */
export function initiativeFormula(init: SilhouetteInitiativeRollOptions["initiative"], sixMode: CheckOptions["sixMode"]): string {
  if (init.pulledTogether) return String(4 + init.combatSense);
  return poolFormula(init.combatSense, init.combatSense === 0, sixMode);
}

export class SilhouetteRoll extends OmnibusRoll<SilhouetteOutcome> {
  /** A check roll, ready to evaluate. */
  static forCheck(check: PoolCheck, rules: CheckOptions): SilhouetteRoll {
    const options: SilhouetteCheckRollOptions = { kind: "check", check, rules };
    return new SilhouetteRoll(poolFormula(check.dice, check.untrained === true, rules.sixMode), {}, options as never);
  }

  /** An initiative roll, ready to evaluate. */
  static forInitiative(initiative: SilhouetteInitiativeRollOptions["initiative"], rules: CheckOptions): SilhouetteRoll {
    const options: SilhouetteInitiativeRollOptions = { kind: "initiative", initiative, rules };
    return new SilhouetteRoll(initiativeFormula(initiative, rules.sixMode), {}, options as never);
  }

  get silhouette(): SilhouetteRollOptions {
    return this.options as unknown as SilhouetteRollOptions;
  }

  protected override resolve(dice: DiceSource): SilhouetteOutcome {
    const o = this.silhouette;
    if (o.kind === "initiative") {
      return { kind: "initiative", ...rollInitiative(o.initiative, dice, o.rules) };
    }
    return { kind: "check", ...rollCheck(o.check, dice, o.rules) };
  }

  /**
   * An initiative roll renders as the Silhouette initiative card (every die, the kept one, the six
   * bonus, a mishap marked) where Foundry would show its plain roll: a chat message whose content is
   * not HTML renders its rolls with `Roll#render` (v13 ChatMessage; Draw Steel's DSRoll overrides it
   * the same way). Private views and other rolls keep Foundry's rendering.
   */
  override async render(options: Parameters<Roll["render"]>[0] = {}): Promise<string> {
    const o = this.outcome;
    const opts = (options ?? {}) as { flavor?: string; isPrivate?: boolean };
    if (o?.kind === "initiative" && !opts.isPrivate) {
      // A mishap limits the round to diving for cover, unless the character carries on last round's action (004:L3).
      const context = initiativeCardContext(o, opts.flavor ?? null);
      return foundry.applications.handlebars.renderTemplate(INITIATIVE_TEMPLATE, { ...context, fumble: o.actions === "diveForCoverOnly" });
    }
    return super.render(options);
  }

  /** The Silhouette total once resolved; Foundry's sum before. */
  override get total(): number | undefined {
    return this.outcome?.total ?? super.total;
  }
}
