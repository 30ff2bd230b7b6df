/**
 * Roll tables drawn from cards (issue 19). When a card's first roll calls for a table (a WFRP
 * critical or fumble on an attack, a D6 complication, a Silhouette mishap, a Storytelling dramatic
 * failure: src/rules/tables.ts), the card shows a Draw button to the GM and the card's author. The
 * draw is the shared card action `drawTable`: a click only names the card and the table key; the
 * active GM checks from ITS record of the card (the rolls it recorded at creation) that the roll
 * calls for that table, rolls the table's formula itself, reads the row by range (src/core/tables.ts)
 * and amends the card's record with the result. Once per card and table. Every client shows the
 * result from the record, in the reader's language.
 *
 * Which table: the world setting `omnibus.table_<key>` (a RollTable uuid the GM may set), else the
 * system's own table in the `<ruleset>-tables` pack (`flags.omnibus.table === key`).
 */
import { refused } from "../core/errors";
import { rowAt, tableProblems } from "../core/tables";
import { isRulesetId, type RulesetId } from "../rules/index";
import { TABLE_DIE, TABLE_KEYS, isTableKey, tablesCalledFor, type TableKey, type TableOutcome } from "../rules/tables";
import { cardStateOf, requestChatAction, documentOf } from "./chat/actions";
import { recordOf } from "./chat/record";
import { registerSharedAction } from "./chat/shared-actions";
import { localize } from "./i18n";
import { displayName, type BilingualSource } from "./language";
import { SYSTEM_ID } from "./registry";
import type { ChatActionContext, PlannedAction } from "./ruleset";
import { settingsStore } from "./settings";

export const DRAW_ACTION = "drawTable";
const tableSetting = (key: TableKey) => `table_${key}`;

/** One drawn row as the card keeps it (both languages: each reader sees their own). */
export interface DrawnRow {
  table: string;
  tableRu: string;
  roll: number;
  name: string;
  nameRu: string;
  description: string;
  descriptionRu: string;
}

interface TableResultLike {
  range?: unknown;
  name?: unknown;
  description?: unknown;
  flags?: { omnibus?: { nameRu?: unknown; descriptionRu?: unknown } };
}
interface RollTableLike {
  name?: unknown;
  formula?: unknown;
  results?: Iterable<TableResultLike> | { contents?: TableResultLike[] };
  flags?: { omnibus?: { nameRu?: unknown; table?: unknown } };
}

const text = (v: unknown) => (typeof v === "string" ? v : "");

function resultsOf(table: RollTableLike): TableResultLike[] {
  const results = table.results as { contents?: TableResultLike[] } | Iterable<TableResultLike> | undefined;
  if (!results) return [];
  if (Array.isArray((results as { contents?: unknown }).contents)) return (results as { contents: TableResultLike[] }).contents;
  return Array.from(results as Iterable<TableResultLike>);
}

/** The first roll's outcome in the GM's record of the card (never the message, which its author may edit). */
function recordedOutcome(messageId: string | null | undefined): TableOutcome | null {
  const first = recordOf(messageId)?.rolls[0];
  if (!first) return null;
  try {
    const roll = JSON.parse(first) as { options?: { outcome?: TableOutcome } };
    return roll.options?.outcome ?? null;
  } catch {
    return null;
  }
}

/** The tables a card calls for, from the GM's record (its ruleset, its first roll, whether it is an attack). */
export function tablesOfCard(messageId: string | null | undefined, state: Record<string, unknown>): TableKey[] {
  const ruleset = recordOf(messageId)?.ruleset ?? state.ruleset;
  if (!isRulesetId(ruleset)) return [];
  // WFRP: damage the GM applied that took a target to 0 Wounds (its record of the attack card).
  // The WFRP attack card keeps its weapon in its attack state (`flags.omnibus.attack.weapon`).
  const attack = state.attack as { weapon?: unknown; targets?: Array<{ applied?: { reducedToZero?: unknown } | null }> } | undefined;
  const targets = attack?.targets;
  const reducedToZero = Array.isArray(targets) && targets.some((t) => t?.applied?.reducedToZero === true);
  return tablesCalledFor(ruleset, recordedOutcome(messageId), { attack: Boolean(state.weapon ?? attack?.weapon), reducedToZero });
}

/** The RollTable a draw of `key` uses: the world setting's uuid, else the system's pack table. */
async function tableFor(ruleset: RulesetId, key: TableKey): Promise<RollTableLike> {
  let uuid = "";
  try {
    uuid = text(settingsStore().get(SYSTEM_ID, tableSetting(key))).trim();
  } catch {
    uuid = "";
  }
  if (uuid) {
    const doc = await documentOf<RollTableLike>(uuid);
    if (!doc) throw refused("TableGone", `no roll table ${uuid}`);
    return doc;
  }
  const pack = game.packs?.get(`${SYSTEM_ID}.${ruleset}-tables`) as { getDocuments?(): Promise<RollTableLike[]> } | undefined;
  const docs = (await pack?.getDocuments?.()) ?? [];
  const doc = docs.find((d) => d.flags?.omnibus?.table === key);
  if (!doc) throw refused("NoTable", `no roll table for ${key}`);
  return doc;
}

/** The GM's draw (the shared action's plan). */
async function planDraw({ message, target, state }: ChatActionContext): Promise<PlannedAction> {
  const ruleset = recordOf(message.id)?.ruleset ?? "";
  if (!isRulesetId(ruleset) || !isTableKey(ruleset, target) || !tablesOfCard(message.id, state).includes(target)) {
    throw refused("TableNotCalled", "this card's roll does not call for that table");
  }
  const key = target;
  const table = await tableFor(ruleset, key);
  const rows = resultsOf(table).map((r) => ({
    result: r,
    range: (Array.isArray(r.range) ? [Number(r.range[0]), Number(r.range[1])] : [NaN, NaN]) as [number, number],
  }));
  const formula = text(table.formula) || TABLE_DIE[key].formula;
  if (formula === TABLE_DIE[key].formula) {
    const problems = tableProblems(rows, TABLE_DIE[key].min, TABLE_DIE[key].max);
    if (problems.length > 0) console.warn(`Omnibus | the roll table "${text(table.name)}" does not cover its die exactly`, problems);
  }
  // The GM rolls the table; nothing from the asker reaches the result.
  const roll = (await new Roll(formula).evaluate({ allowInteractive: false } as never)) as unknown as { total?: number };
  const total = Number(roll.total);
  const { result } = rowAt(rows, total);
  const drawn: DrawnRow = {
    table: text(table.name),
    tableRu: text(table.flags?.omnibus?.nameRu),
    roll: total,
    name: text(result.name),
    nameRu: text(result.flags?.omnibus?.nameRu),
    description: text(result.description),
    descriptionRu: text(result.flags?.omnibus?.descriptionRu),
  };
  const draws = { ...((state.draws as Record<string, DrawnRow> | undefined) ?? {}), [key]: drawn };
  return {
    changes: [],
    state: { ...state, draws },
    summary: { key: "OMNIBUS.Table.DrawnSummary", data: { table: drawn.table, roll: total, result: drawn.name } },
  };
}

/** Registers the draw action and the table settings of the active ruleset (at init). */
export function registerTables(active: RulesetId): void {
  registerSharedAction(DRAW_ACTION, {
    targets: (state) => [...(TABLE_KEYS[isRulesetId(state.ruleset) ? state.ruleset : active] as readonly string[])],
    plan: planDraw,
  });
  for (const key of TABLE_KEYS[active] as readonly TableKey[]) {
    settingsStore().register(SYSTEM_ID, tableSetting(key), {
      name: `OMNIBUS.Table.Setting.${key}`,
      hint: "OMNIBUS.Table.SettingHint",
      scope: "world",
      config: true,
      type: String,
      default: "",
    });
  }
}

/** The view of a card's tables for one reader: drawn rows, and Draw buttons for who may ask. */
export function drawsView(
  called: readonly TableKey[],
  draws: Record<string, DrawnRow>,
  lang: string | undefined,
  mayDraw: boolean,
): Array<{
  key: TableKey;
  label: string;
  drawn: { roll: number; name: string; description: string; table: string } | null;
  button: boolean;
}> {
  return called.map((key) => {
    const row = Object.hasOwn(draws, key) ? draws[key] : undefined;
    const shown = (en: string, ru: string) => displayName({ name: en, flags: { omnibus: { nameRu: ru } } } as BilingualSource, lang);
    return {
      key,
      label: `OMNIBUS.Table.Name.${key}`,
      drawn: row
        ? {
            roll: row.roll,
            table: shown(row.table, row.tableRu),
            name: shown(row.name, row.nameRu),
            description: shown(row.description, row.descriptionRu),
          }
        : null,
      button: !row && mayDraw,
    };
  });
}

/** Adds the card's table part after the card layer bound it (renderChatMessageHTML). */
export function bindTableDraws(message: ChatMessage.Implementation, html: HTMLElement): void {
  const card = html.querySelector<HTMLElement>(".omnibus-card");
  const user = game.user;
  if (!card || !user || !message.id) return;
  const state = cardStateOf(message);
  const called = tablesOfCard(message.id, state);
  if (called.length === 0) return;
  const record = recordOf(message.id);
  const mayDraw = Boolean(user.isGM || (record && record.authorId === user.id)) && !record?.tampered;
  const view = drawsView(called, (state.draws as Record<string, DrawnRow> | undefined) ?? {}, game.i18n?.lang, mayDraw);
  const section = document.createElement("div");
  section.className = "omnibus-table-draws";
  for (const entry of view) {
    const line = document.createElement("div");
    line.className = "omnibus-table-draw";
    line.dataset.table = entry.key;
    if (entry.drawn) {
      const head = document.createElement("strong");
      head.textContent = localize("OMNIBUS.Table.Drawn", { table: entry.drawn.table, roll: entry.drawn.roll, result: entry.drawn.name });
      line.append(head);
      if (entry.drawn.description) {
        const body = document.createElement("span");
        body.textContent = ` ${entry.drawn.description}`;
        line.append(body);
      }
    } else if (entry.button) {
      const button = document.createElement("button");
      button.type = "button";
      button.dataset.omnibusDraw = entry.key;
      button.textContent = localize("OMNIBUS.Table.Draw", { table: localize(entry.label) });
      button.addEventListener("click", (event) => {
        event.preventDefault();
        void requestChatAction(message, DRAW_ACTION, entry.key);
      });
      line.append(button);
    } else {
      line.textContent = localize("OMNIBUS.Table.Awaiting", { table: localize(entry.label) });
    }
    section.append(line);
  }
  card.append(section);
}
