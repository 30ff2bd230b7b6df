/**
 * Running a check: adapter builds the request → roll dialog (or not: the "toggle roll dialog" /
 * "roll with defaults" keybindings) → the `omnibus.preRollCheck` hook (may change the values or
 * cancel) → adapter rolls and posts the card → the `omnibus.rollCheck` hook. Used by the sheets,
 * item rows, inline links, posted items, the hotbar macros and `game.omnibus.check`, for every
 * ruleset (no adapter has its own path). The hooks' payloads are documented in docs/api.md.
 */
import { currentRollMode } from "./chat/cards";
import { promptCheck } from "./dialogs/roll-dialog";
import { notify, notifyError } from "./i18n";
import { activeRuleset } from "./registry";
import type { CheckHandler, CheckKind, CheckRequest, CheckSource, CheckTable, CheckValues, KindRequest } from "./ruleset";
import { OmnibusError } from "../core/errors";
import type { RequestLink } from "../rules/table/types";
import { wantsRollDialog } from "./settings";
import { currentTargets } from "./targets";

export interface RunCheckOptions {
  /** The click's shift key (inverts the roll-dialog setting). */
  shiftKey?: boolean;
  /** Skip the dialog outright (macros). */
  skipDialog?: boolean;
  /**
   * Values to start from instead of the request's defaults (an inline link's `difficulty=…`). Only
   * keys the request has are taken, converted to the default's type; a value that does not convert
   * is refused with a message and the check is not rolled.
   */
  values?: Record<string, string>;
  /** The roll mode to roll in, instead of the user's current one (a roll request's public mode). */
  rollMode?: string;
  /** The roll request this check answers: its card carries the link for the GM (roll-requests.ts). */
  requestLink?: RequestLink;
}

/** `omnibus.preRollCheck`: `Hooks.call`, so a handler returning false cancels the roll. */
export const PRE_ROLL_CHECK = "omnibus.preRollCheck";
/** `omnibus.rollCheck`: `Hooks.callAll`, after the card is posted. */
export const ROLL_CHECK = "omnibus.rollCheck";

/** The payload of `omnibus.preRollCheck`. A handler may change `values` and `rollMode` in place. */
export interface PreRollCheckPayload {
  ruleset: string;
  kind: string;
  actorUuid: string | null;
  itemUuid: string | null;
  userId: string | null;
  /** The plain request (read it; changing it has no effect). */
  request: CheckRequest;
  /** The values about to be rolled (the dialog's choice, or the defaults). */
  values: CheckValues;
  rollMode: string;
  /** Whether the roll dialog was shown. */
  dialog: boolean;
}

/** The payload of `omnibus.rollCheck`. */
export interface RollCheckPayload extends Omit<PreRollCheckPayload, "dialog"> {
  /** The posted chat message, when the ruleset's roll returned one. */
  message: ChatMessage.Implementation | null;
  /** The message's rolls (evaluated). */
  rolls: Roll[];
  /** The first roll's `options.outcome` (each ruleset's own outcome data), or null. */
  outcome: unknown;
}

/** Our own hook names are not in fvtt-types' HookConfig: a loose view of `Hooks.call` / `callAll`. */
const hooks = () =>
  Hooks as unknown as { call(name: string, ...args: unknown[]): boolean; callAll(name: string, ...args: unknown[]): boolean };

function isMessage(value: unknown): value is ChatMessage.Implementation {
  return Boolean(value && typeof value === "object" && "id" in value && Array.isArray((value as { rolls?: unknown }).rolls));
}

/** The starting values with a link's overrides applied (keys the request has, the defaults' types). */
export function applyValueOverrides(values: CheckValues, overrides: Record<string, string> = {}): CheckValues {
  const out = { ...values };
  for (const [key, raw] of Object.entries(overrides)) {
    if (!Object.hasOwn(values, key)) continue;
    const current = values[key];
    if (typeof current === "number") {
      const n = Number(raw);
      if (raw.trim() === "" || !Number.isFinite(n)) throw new OmnibusError("badArgument", "not a number", { name: key, value: raw });
      out[key] = n;
    } else if (typeof current === "boolean") {
      if (!/^(true|false|yes|no|1|0)$/i.test(raw)) throw new OmnibusError("badArgument", "not yes/no", { name: key, value: raw });
      out[key] = /^(true|yes|1)$/i.test(raw);
    } else out[key] = raw;
  }
  return out;
}

/**
 * The plumbing's dispatch over a ruleset's kinds: `build` by the source's kind (a source of kind
 * "item" through `itemKind`), `odds`, `roll` and `rederive` by the request's kind. A ruleset lists
 * its kinds in a `CheckTable` and holds no dispatch of its own. A request whose kind the table lacks
 * is refused (it was not built by this table); a source whose kind it lacks goes to `unknown`.
 */
export function checksByKind(table: CheckTable): CheckHandler {
  const { kinds } = table;
  const entry = (kind: string): CheckKind<object> | undefined => (Object.hasOwn(kinds, kind) ? kinds[kind] : undefined);
  const forRequest = (request: CheckRequest): { kind: CheckKind<object>; request: KindRequest<object> } => {
    const kind = entry(request.kind);
    if (!kind) throw new OmnibusError("badArgument", "no such kind of check", { name: "check", value: request.kind });
    // The request was built by this table's own `build` for this kind, so it carries that kind's data.
    return { kind, request: request as KindRequest<object> };
  };
  const rederiving = Object.values(kinds).filter((k) => k.rederive);
  const handler: CheckHandler = {
    build(source) {
      const key = source.kind === "item" && table.itemKind ? table.itemKind(source) : source.kind;
      if (key === null) return null;
      const kind = entry(key);
      if (kind) return kind.build(source);
      if (table.unknown) return table.unknown(source);
      throw new OmnibusError("badArgument", "no such kind of check", { name: "check", value: source.kind });
    },
    odds(request, values) {
      const { kind, request: typed } = forRequest(request);
      return kind.odds ? kind.odds(typed, values) : [];
    },
    roll(request, values, options) {
      const { kind, request: typed } = forRequest(request);
      return kind.roll(typed, values, options);
    },
  };
  if (rederiving.length > 0) {
    handler.rederive = {
      covers: (state) => rederiving.some((k) => k.rederive!.covers(state)),
      check(context) {
        const { kind, request } = forRequest(context.request);
        if (!kind.rederive) throw new OmnibusError("diceMismatch", "this kind of check is not re-derived", {});
        return kind.rederive.check({ ...context, request });
      },
      spend(context) {
        const { kind, request } = forRequest(context.request);
        return kind.rederive?.spend?.({ ...context, request }) ?? [];
      },
      refuseSpend(context) {
        const source = context.source;
        const key = source.kind === "item" && table.itemKind ? table.itemKind(source) : source.kind;
        return (key !== null && entry(key)?.rederive?.refuseSpend?.(context)) || null;
      },
      statuses(context) {
        const { kind, request } = forRequest(context.request);
        return kind.rederive?.statuses?.({ ...context, request }) ?? {};
      },
      async apply(context) {
        const { kind, request } = forRequest(context.request);
        await kind.rederive?.apply?.({ ...context, request });
      },
    };
  }
  return handler;
}

/** Runs a check end to end. Resolves with the adapter's roll result, or null when nothing was rolled. */
export async function runCheck(source: CheckSource, options: RunCheckOptions = {}): Promise<unknown> {
  const checks = activeRuleset()?.checks;
  if (!checks) {
    notify("warn", "OMNIBUS.Check.Unavailable");
    return null;
  }
  try {
    const request = await checks.build(source);
    if (!request) return null;
    if (options.requestLink) request.requestLink = { ...options.requestLink };
    let values = applyValueOverrides(request.values, options.values);
    let rollMode = options.rollMode ?? currentRollMode();
    const dialog = options.skipDialog ? false : wantsRollDialog(Boolean(options.shiftKey));
    if (dialog) {
      const chosen = await promptCheck({ ...request, values }, checks.odds?.bind(checks), rollMode);
      if (!chosen) return null;
      values = chosen.values;
      rollMode = chosen.rollMode;
    }
    const pre: PreRollCheckPayload = {
      ruleset: request.ruleset,
      kind: request.kind,
      actorUuid: request.actorUuid ?? source.actor?.uuid ?? null,
      itemUuid: request.itemUuid ?? source.item?.uuid ?? null,
      userId: game.user?.id ?? null,
      request,
      values: { ...values },
      rollMode,
      dialog,
    };
    if (hooks().call(PRE_ROLL_CHECK, pre) === false) return null;
    values = pre.values;
    rollMode = pre.rollMode;
    const result = await checks.roll(request, values, { rollMode });
    const message = isMessage(result) ? result : null;
    const rolls = ((message as unknown as { rolls?: Roll[] } | null)?.rolls ?? []) as Roll[];
    const payload: RollCheckPayload = {
      ruleset: pre.ruleset,
      kind: pre.kind,
      actorUuid: pre.actorUuid,
      itemUuid: pre.itemUuid,
      userId: pre.userId,
      request,
      values,
      rollMode,
      message,
      rolls,
      outcome: (rolls[0] as unknown as { options?: { outcome?: unknown } } | undefined)?.options?.outcome ?? null,
    };
    hooks().callAll(ROLL_CHECK, payload);
    return result;
  } catch (error) {
    notifyError(error);
    return null;
  }
}

/** Rolls an item: the adapter's `rollItem`, else a check of kind "item". */
export async function rollItem(item: Item.Implementation, options: RunCheckOptions = {}): Promise<unknown> {
  const adapter = activeRuleset();
  const skipDialog = options.skipDialog ?? !wantsRollDialog(Boolean(options.shiftKey));
  if (adapter?.rollItem) {
    try {
      return await adapter.rollItem(item, { skipDialog });
    } catch (error) {
      notifyError(error);
      return null;
    }
  }
  const actor = (item.parent ?? null) as Actor.Implementation | null;
  return runCheck({ actor, item, kind: "item", dataset: { itemId: item.id ?? "" }, targets: currentTargets(actor) }, { skipDialog });
}
