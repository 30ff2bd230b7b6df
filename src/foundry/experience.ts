/**
 * Experience at the table (issue 16): the sheets' Advance buttons and undo, the GM's award to
 * several characters at once, and each ruleset's cost table as a world setting the GM may edit.
 * The decisions are pure (src/rules/advance-plan.ts, ledger.ts); this file reads the actor, asks
 * them, shows a refusal, and applies the changes they return.
 */
import { RULESET_IDS, isRulesetId, type RulesetId } from "../rules/index";
import { DEFAULT_ADVANCE_TABLES } from "../rules/characters";
import { planAward, planSpend, planUndo, type AdvanceTarget } from "../rules/advance-plan";
import type { ActorChanges } from "../rules/ledger";
import { LEDGER_TYPES, awardDialogContext } from "../rules/table/experience-context";
import { localize, notify, notifyError } from "./i18n";
import { SYSTEM_ID, activeRulesetId } from "./registry";
import { rulesetSettingKey, settingsStore } from "./settings";
import { templatePath } from "./templates/helpers";

export const COSTS_SETTING = "advanceCosts";

/** Registers every ruleset's cost table (JSON text); only the active ruleset's shows in the menu. */
export function registerExperienceSettings(active: RulesetId): void {
  for (const id of RULESET_IDS) {
    settingsStore().register(SYSTEM_ID, rulesetSettingKey(id, COSTS_SETTING), {
      name: "OMNIBUS.Experience.Setting.Name",
      hint: "OMNIBUS.Experience.Setting.Hint",
      scope: "world",
      config: id === active,
      type: String,
      default: JSON.stringify(DEFAULT_ADVANCE_TABLES[id]),
      requiresReload: false,
    });
  }
}

/**
 * The GM's cost table for a ruleset: the setting's JSON merged over the published table (so a GM
 * may give only the prices they change); unreadable text falls back to the published table.
 */
export function advanceTable(ruleset: RulesetId): Record<string, unknown> {
  const defaults = DEFAULT_ADVANCE_TABLES[ruleset];
  let raw: unknown;
  try {
    raw = settingsStore().get(SYSTEM_ID, rulesetSettingKey(ruleset, COSTS_SETTING));
  } catch {
    return { ...defaults };
  }
  if (typeof raw !== "string" || raw.trim() === "") return { ...defaults };
  try {
    const parsed: unknown = JSON.parse(raw);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed)
      ? { ...defaults, ...(parsed as Record<string, unknown>) }
      : { ...defaults };
  } catch {
    return { ...defaults };
  }
}

interface ActorDoc {
  id: string | null;
  name: string | null;
  type: string;
  isOwner: boolean;
  toObject(): unknown;
  update(data: Record<string, unknown>): Promise<unknown>;
  updateEmbeddedDocuments(name: "Item", updates: Record<string, unknown>[]): Promise<unknown>;
}

const prefixed = (prefix: string, patch: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(patch).map(([k, v]) => [`${prefix}${k}`, v]));

/** Applies plain changes: the items first, then the actor (its pool and ledger last). */
export async function applyChanges(actor: ActorDoc, changes: ActorChanges): Promise<void> {
  if (changes.items?.length)
    await actor.updateEmbeddedDocuments(
      "Item",
      changes.items.map((i) => ({ _id: i._id, ...prefixed("system.", i.system) })),
    );
  if (changes.system && Object.keys(changes.system).length) await actor.update(prefixed("system.", changes.system));
}

function rulesetOfActor(actor: ActorDoc): RulesetId | null {
  if (!(LEDGER_TYPES as readonly string[]).includes(actor.type)) return null;
  const id = actor.type.split("_")[0];
  return isRulesetId(id) ? id : null;
}

const newId = () => foundry.utils.randomID();
const now = () => new Date().toISOString();

/** One Advance from a sheet button: spends and raises the trait, or says why not. */
export async function advanceTrait(actor: ActorDoc, target: AdvanceTarget, opts: { outOfCareer?: boolean } = {}): Promise<boolean> {
  const ruleset = rulesetOfActor(actor);
  if (!ruleset || !actor.isOwner) {
    notify("warn", "OMNIBUS.Experience.NotYours", { actor: actor.name ?? "" });
    return false;
  }
  try {
    const plan = planSpend(
      ruleset,
      actor.toObject() as never,
      target,
      { id: newId(), date: now() },
      { table: advanceTable(ruleset), outOfCareer: ruleset === "wfrp" && opts.outOfCareer === true },
    );
    if (!plan.ok) {
      if (plan.reason === "notEnoughExperience")
        notify("warn", "OMNIBUS.Experience.Refused.notEnoughExperience", { trait: plan.label, cost: plan.cost, available: plan.available });
      else if (plan.reason === "atMaximum")
        notify("warn", "OMNIBUS.Experience.Refused.atMaximum", { trait: plan.label, value: plan.value });
      else notify("warn", "OMNIBUS.Experience.Refused.unknownTrait");
      return false;
    }
    await applyChanges(actor, plan.changes);
    notify("info", "OMNIBUS.Experience.Spent", { trait: plan.label, from: plan.from, to: plan.to, cost: plan.cost });
    return true;
  } catch (e) {
    notifyError(e);
    return false;
  }
}

/** Undoes the actor's last spend (the trait goes back, the experience comes back). */
export async function undoLastAdvance(actor: ActorDoc): Promise<boolean> {
  const ruleset = rulesetOfActor(actor);
  if (!ruleset || !actor.isOwner) {
    notify("warn", "OMNIBUS.Experience.NotYours", { actor: actor.name ?? "" });
    return false;
  }
  try {
    const r = planUndo(ruleset, actor.toObject() as never, now());
    if (!r.ok) {
      notify("warn", "OMNIBUS.Experience.Refused.nothingToUndo");
      return false;
    }
    await applyChanges(actor, r.changes);
    notify("info", "OMNIBUS.Experience.UndoneSpend", { reason: r.undone.reason, cost: r.undone.amount });
    return true;
  } catch (e) {
    notifyError(e);
    return false;
  }
}

/** Whether this user may award `amount` (a GM, a whole positive amount); says why not. */
export function mayAward(amount: number): boolean {
  if (!game.user?.isGM) {
    notify("warn", "OMNIBUS.Experience.Award.GmOnly");
    return false;
  }
  if (!Number.isInteger(amount) || amount <= 0) {
    notify("warn", "OMNIBUS.Experience.Award.BadAmount");
    return false;
  }
  return true;
}

/**
 * The GM awards `amount` experience to each of `actors` (with a reason): one ledger entry each and
 * the pool raised. Only a GM may award; an actor that keeps no ledger is skipped. Returns how many
 * were awarded.
 */
export async function awardExperience(actors: ActorDoc[], amount: number, reason: string): Promise<number> {
  if (!mayAward(amount)) return 0;
  let count = 0;
  const date = now();
  for (const actor of actors) {
    const ruleset = rulesetOfActor(actor);
    if (!ruleset) continue;
    try {
      await applyChanges(actor, planAward(ruleset, actor.toObject() as never, { id: newId(), amount, reason, date }));
      count++;
    } catch (e) {
      notifyError(e);
    }
  }
  notify("info", "OMNIBUS.Experience.Award.Done", { amount, count });
  return count;
}

/** The GM's award dialog: tick characters, give an amount and a reason. */
export async function openAwardDialog(): Promise<void> {
  if (!game.user?.isGM) {
    notify("warn", "OMNIBUS.Experience.Award.GmOnly");
    return;
  }
  const all = (game.actors?.contents ?? []) as unknown as Array<ActorDoc & { img?: string | null; hasPlayerOwner?: boolean }>;
  const context = awardDialogContext(
    all.map((a) => ({ id: a.id ?? "", name: a.name ?? "", img: a.img, type: a.type, hasPlayerOwner: a.hasPlayerOwner })),
    activeRulesetId(),
  );
  const content = await foundry.applications.handlebars.renderTemplate(templatePath("dialog/award-experience"), context);
  const DialogV2 = foundry.applications.api.DialogV2 as unknown as { wait(config: Record<string, unknown>): Promise<unknown> };
  const result = await DialogV2.wait({
    window: { title: localize("OMNIBUS.Experience.Award.Title") },
    classes: ["omnibus", "omnibus-award-dialog"],
    content,
    rejectClose: false,
    buttons: [
      {
        action: "award",
        label: localize("OMNIBUS.Experience.Award.Confirm"),
        icon: "fa-solid fa-star",
        default: true,
        callback: (_event: Event, button: HTMLButtonElement) => {
          const form = button.form;
          if (!form) return null;
          const ids = [...form.querySelectorAll<HTMLInputElement>("input[name=actor]:checked")].map((i) => i.value);
          const amount = Number(form.querySelector<HTMLInputElement>("input[name=amount]")?.value ?? "");
          const reason = form.querySelector<HTMLInputElement>("input[name=reason]")?.value ?? "";
          return { ids, amount, reason };
        },
      },
    ],
  });
  if (!result || typeof result !== "object") return;
  const { ids, amount, reason } = result as { ids: string[]; amount: number; reason: string };
  await awardExperience(
    all.filter((a) => a.id !== null && ids.includes(a.id)),
    amount,
    reason,
  );
}

/** Asks for a new Specialty's name (Storytelling); null when cancelled or empty. */
export async function askSpecialtyName(): Promise<string | null> {
  const DialogV2 = foundry.applications.api.DialogV2 as unknown as { prompt(config: Record<string, unknown>): Promise<unknown> };
  const label = localize("OMNIBUS.Experience.SpecialtyName").replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const value = await DialogV2.prompt({
    window: { title: localize("OMNIBUS.Experience.SpecialtyTitle") },
    classes: ["omnibus"],
    content: `<label class="omnibus-award-field">${label} <input type="text" name="specialty" maxlength="80" autofocus></label>`,
    rejectClose: false,
    ok: {
      label: localize("OMNIBUS.Experience.Advance"),
      callback: (_event: Event, button: HTMLButtonElement) =>
        button.form?.querySelector<HTMLInputElement>("input[name=specialty]")?.value ?? "",
    },
  });
  const name = typeof value === "string" ? value.trim() : "";
  return name && !/[,;\n]/.test(name) ? name : null;
}

/** Adds the GM's "Award experience" button to the Actors sidebar. */
export function addAwardButton(_app: unknown, html: HTMLElement): void {
  if (!game.user?.isGM || !(html instanceof HTMLElement) || html.querySelector(".omnibus-award-open")) return;
  const header = html.querySelector(".directory-header .header-actions") ?? html.querySelector(".directory-header");
  if (!header) return;
  const button = document.createElement("button");
  button.type = "button";
  button.className = "omnibus-award-open";
  const icon = document.createElement("i");
  icon.className = "fa-solid fa-star";
  button.append(icon, ` ${localize("OMNIBUS.Experience.Award.Open")}`);
  button.addEventListener("click", () => void openAwardDialog());
  header.append(button);
}
