/**
 * Gallery samples for the shared templates (base actor and item sheets, roll dialog, ruleset
 * question, check card), built with the same context functions the sheets and dialogs call.
 * Ruleset samples (test/gallery/samples/<ruleset>.ts) show these templates again with real rules data.
 *
 * The document types come from system.json (the first Actor and Item types declared), so the
 * TYPES.* labels the templates localize are real ones.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { actorSheetContext, itemSheetContext } from "../../../src/rules/table/sheet-context";
import { rollDialogContext } from "../../../src/foundry/dialogs/roll-dialog-context";
import { chooseRulesetContext } from "../../../src/foundry/dialogs/choose-ruleset";
import { awardDialogContext } from "../../../src/rules/table/experience-context";
import { partyContext } from "../../../src/foundry/party-context";
import { creationContext } from "../../../src/foundry/creation-context";
import { treeLocalizer } from "../../../src/rules/breach-text";
import { readdirSync } from "node:fs";
import { parse as parseYaml } from "yaml";
import type { MemberInput } from "../../../src/rules/party";
import type { CheckRequest, TargetInfo } from "../../../src/foundry/ruleset";
import type { CheckCardContext } from "../../../src/foundry/chat/cards";
import { OmnibusError } from "../../../src/core/errors";
import { ROOT } from "../../support/handlebars";
import { bilingual, type GallerySample } from "../sample";
import { contextForReader, itemCardContext } from "../../../src/foundry/post-item-context";
import { checkLinkContext } from "../../../src/foundry/check-link-context";
import { parseCheckLink } from "../../../src/core/check-link";
import { Localizer } from "../../support/handlebars";
import { requestResultsContext, valueLine } from "../../../src/rules/table/requests";
import { effectRowInput } from "../../../src/foundry/effects";
import { bactaLength, stunLength } from "../../../src/rules/d6";
import type { TimerNow } from "../../../src/core/durations";
import { settingsMenuView, type SettingsMenuTable } from "../../../src/rules/table/settings-menu";
import type { SettingSpec } from "../../../src/rules/table/types";
import { D6_SETTINGS, D6_SETTINGS_MENU } from "../../../src/rules/d6/table/settings";
import { WFRP_SETTINGS, WFRP_SETTINGS_MENU } from "../../../src/rules/wfrp/table/settings";

const T = (path: string) => `systems/omnibus/templates/${path}.hbs`;
const manifest = JSON.parse(readFileSync(join(ROOT, "system.json"), "utf8")) as { documentTypes?: Record<string, Record<string, unknown>> };
const actorTypes = Object.keys(manifest.documentTypes?.Actor ?? {});
const itemTypes = Object.keys(manifest.documentTypes?.Item ?? {});
const actorType = actorTypes.find((t) => t.startsWith("d6")) ?? actorTypes[0] ?? "d6_character";
const ruleset = actorType.split(/[_-]/)[0];
const rulesetItemTypes = itemTypes.filter((t) => t.startsWith(ruleset)).slice(0, 3);

/** The first premade player character of each ruleset's pack, with one value broken (so the window shows a breach). */
const CREATION_PACKS = [
  ["d6-characters", "d6_character", "characterPoints", 7],
  ["storytelling-characters", "storytelling_character", "morality", 5],
  ["wfrp-characters", "wfrp_character", "fate", 4],
  ["silhouette-actors", "silhouette_character", "attributes.agi", 3],
] as const;
function creationSamples(): GallerySample[] {
  return CREATION_PACKS.flatMap(([pack, type, path, value]) => {
    const dir = join(ROOT, "packs", "_source", pack);
    const doc = readdirSync(dir)
      .filter((f) => f.endsWith(".yml"))
      .map(
        (f) =>
          parseYaml(readFileSync(join(dir, f), "utf8")) as {
            name: string;
            type: string;
            system: Record<string, unknown>;
            items?: Array<{ _id: string; name: string; type: string; system: Record<string, unknown> }>;
          },
      )
      .find((d) => d.type === type)!;
    const system = structuredClone(doc.system);
    const parts = path.split(".");
    let node = system as Record<string, unknown>;
    for (const k of parts.slice(0, -1)) node = node[k] as Record<string, unknown>;
    node[parts[parts.length - 1]] = value;
    const rollsFor = (lang: { OMNIBUS: { Creation: { Career: Record<string, string> } } }) =>
      type === "wfrp_character"
        ? [
            {
              kind: "species" as const,
              label: "OMNIBUS.Creation.Roll.species",
              result: "Human",
              canRoll: true,
              canKeep: true,
              kept: false,
              bonus: "OMNIBUS.Creation.Bonus.species",
            },
            {
              kind: "characteristics" as const,
              label: "OMNIBUS.Creation.Roll.characteristics",
              result: null,
              canRoll: true,
              canKeep: false,
              kept: false,
              bonus: "OMNIBUS.Creation.Bonus.characteristics",
            },
            // Two career rolls (Human 22 and 96): either may be taken for the smaller bonus.
            {
              kind: "career" as const,
              label: "OMNIBUS.Creation.Roll.careerAgain",
              result: null,
              canRoll: true,
              canKeep: false,
              kept: false,
              bonus: "OMNIBUS.Creation.Bonus.career",
              hint: "OMNIBUS.Creation.CareerPickHint",
              choices: (["ratCatcher", "soldier"] as const).map((career) => ({
                career,
                choice: "ofThree" as const,
                label: lang.OMNIBUS.Creation.Career[career],
                bonus: "OMNIBUS.Creation.Bonus.careerOfThree",
              })),
            },
          ]
        : null;
    return (["en", "ru"] as const).map((language) => {
      const lang = JSON.parse(readFileSync(join(ROOT, "lang", `${language}.json`), "utf8"));
      return {
        name: `shared-creation-${type.split("_")[0]}-${language}`,
        template: T("shared/creation"),
        context: creationContext({ name: doc.name, type, system, items: doc.items ?? [], finished: false }, treeLocalizer(lang), {
          editable: true,
          rolls: rollsFor(lang),
        }) as unknown as Record<string, unknown>,
        width: 560,
        height: "auto" as const,
        classes: ["omnibus", "omnibus-creation"],
      };
    });
  });
}

/** Two D6 party members as prepared actors (the premade smuggler's and young Jedi's numbers). */
const d6Skill = (name: string, dice: number, pips: number, reaction = "") => ({
  name,
  type: "d6_skill",
  system: { code: { dice, pips }, reaction },
});
const PARTY_MEMBERS: Record<string, MemberInput> = {
  m1: {
    id: "m1",
    name: "Rhea",
    img: "icons/svg/mystery-man.svg",
    type: "d6_character",
    system: { health: { value: 5, max: 5 }, characterPoints: 5, attributes: { dexterity: { dice: 3, pips: 1 } } },
    items: [d6Skill("dodge", 4, 1, "dodge"), d6Skill("blaster", 5, 1), d6Skill("space transports", 5, 0), d6Skill("con", 4, 0)],
  },
  m2: {
    id: "m2",
    name: "Тралл Йевоун, контрабандист с очень длинным именем",
    img: "icons/svg/mystery-man.svg",
    type: "d6_character",
    system: { health: { value: 3, max: 5 }, characterPoints: 2, attributes: { dexterity: { dice: 3, pips: 2 } } },
    items: [d6Skill("sneak", 4, 2)],
  },
};

/** Foundry v13 CONFIG.Dice.rollModes (labels are core keys; the harness knows these four). */
const ROLL_MODES = {
  publicroll: { label: "CHAT.RollPublic" },
  gmroll: { label: "CHAT.RollPrivate" },
  blindroll: { label: "CHAT.RollBlind" },
  selfroll: { label: "CHAT.RollSelf" },
};

const BASE_TABS = [
  { id: "items", label: "OMNIBUS.Sheet.Tab.Items", icon: "fa-solid fa-suitcase" },
  { id: "notes", label: "OMNIBUS.Sheet.Tab.Notes", icon: "fa-solid fa-book" },
];
const ACTOR_PARTS = [T("shared/actor-header"), T("shared/tabs"), T("shared/items-tab"), T("shared/notes-tab")];
const ITEM_PARTS = [T("shared/item-header"), T("shared/item-description")];

const items = rulesetItemTypes.flatMap((type, i) => [
  { id: `item${i}a`, name: `Sample ${type} with a rather long name`, img: "icons/svg/item-bag.svg", type, sort: 1, system: {} },
  { id: `item${i}b`, name: `Короткое`, img: null, type, sort: 2, system: {} },
]);

const targets: TargetInfo[] = [
  {
    tokenUuid: "Scene.s.Token.t1",
    actorUuid: "Actor.a1",
    name: "Stormtrooper TK-421",
    img: "icons/svg/mystery-man.svg",
    distance: 12.5,
    units: "m",
  },
  { tokenUuid: "Scene.s.Token.t2", actorUuid: null, name: "Ящик с припасами", img: "icons/svg/item-bag.svg", distance: null, units: "m" },
];

const request: CheckRequest = {
  ruleset: (["d6", "storytelling", "wfrp", "silhouette"].includes(ruleset) ? ruleset : "d6") as CheckRequest["ruleset"],
  kind: "skill",
  title: "Repulsorlift operation (5D)",
  subtitle: "Rhea, cautious, through a Very Difficult canyon",
  fields: [],
  values: {},
  targets,
};

const postedItem = await itemCardContext(
  {
    uuid: "Actor.a1.Item.i1",
    name: "Heavy blaster pistol",
    img: "icons/svg/item-bag.svg",
    type: rulesetItemTypes[0] ?? "d6_weapon",
    system: { description: "<p>A sidearm with the punch of a rifle at short range. <strong>Loud.</strong></p>" },
    flags: {
      omnibus: {
        nameRu: "Тяжёлый бластерный пистолет",
        descriptionRu: "<p>Личное оружие с мощью винтовки на короткой дистанции. <strong>Громкое.</strong></p>",
      },
    },
  },
  { ruleset, roll: true, enrich: (html) => html },
);
const postedWorldItem = await itemCardContext(
  { uuid: "Item.i2", name: "Medpac", img: null, type: rulesetItemTypes[0] ?? "d6_weapon", system: { description: "" } },
  { ruleset, roll: false, enrich: (html) => html },
);

const card: CheckCardContext & { ruleset: string } = {
  ruleset,
  title: "Repulsorlift operation",
  subtitle: "5D + 1D+2 against Difficult (19)",
  img: "icons/svg/mystery-man.svg",
  dice: [
    { face: 4, sides: 6 },
    { face: 3, sides: 6 },
    { face: 5, sides: 6 },
    { face: 2, sides: 6 },
    { face: 6, sides: 6, classes: "wild exploded" },
    { face: 1, sides: 6, classes: "wild" },
  ],
  total: 23,
  targets,
};

const actorName = "Corellian smuggler Han Solo, captain of the Millennium Falcon";

export const samples: GallerySample[] = [
  {
    name: "shared-actor-sheet-items",
    template: ACTOR_PARTS,
    context: actorSheetContext({
      ruleset,
      actor: { id: "actor1", name: actorName, img: null, type: actorType, system: {}, items },
      editable: true,
      editMode: false,
      tabs: BASE_TABS,
      activeTab: "items",
      itemTypes: rulesetItemTypes,
    }) as unknown as Record<string, unknown>,
    width: 680,
    height: 720,
    classes: ["omnibus", "sheet", "actor", `omnibus-${ruleset}`],
  },
  {
    name: "shared-actor-sheet-notes-edit",
    template: ACTOR_PARTS,
    context: {
      ...actorSheetContext({
        ruleset,
        actor: { id: "actor2", name: "Хан Соло", img: "icons/svg/mystery-man.svg", type: actorType, system: {}, items: [] },
        editable: true,
        editMode: true,
        tabs: BASE_TABS,
        activeTab: "notes",
        itemTypes: rulesetItemTypes,
        enrichedDescription: "<p>A smuggler who owes Jabba money.</p>",
      }),
      description: "<p>A smuggler who owes Jabba money.</p>",
    },
    width: 680,
    height: 720,
    classes: ["omnibus", "sheet", "actor", `omnibus-${ruleset}`],
  },
  {
    name: "shared-item-sheet",
    template: ITEM_PARTS,
    context: itemSheetContext({
      ruleset,
      item: {
        id: "item1",
        name: "Heavy blaster pistol, modified by a Bothan gunsmith",
        img: null,
        type: itemTypes.find((t) => t.startsWith(ruleset)) ?? itemTypes[0] ?? "d6_weapon",
        system: { description: "<p>Damage 5D. Ranges 3–7/25/50.</p>" },
      },
      editable: true,
      editMode: false,
      enrichedDescription: "<p>Damage 5D. Ranges 3–7/25/50.</p>",
    }) as unknown as Record<string, unknown>,
    width: 520,
    height: 560,
    classes: ["omnibus", "sheet", "item", `omnibus-${ruleset}`],
  },
  {
    name: "shared-roll-dialog-invalid",
    title: request.title,
    template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
    context: rollDialogContext(
      request,
      {},
      () => {
        throw new OmnibusError("rollImpossible", "a die code reduced to 0D");
      },
      "gmroll",
      ROLL_MODES,
    ) as unknown as Record<string, unknown>,
    width: 420,
    height: "auto",
    classes: ["omnibus", "omnibus-roll-dialog"],
  },
  {
    // The Effects section (shared/effects.hbs on the Notes tab): an actor's own effects, one turned
    // off, and an item's effects (transferred, and one that stays on the item).
    name: "shared-actor-sheet-effects",
    template: ACTOR_PARTS,
    context: actorSheetContext({
      ruleset,
      actor: { id: "actor3", name: actorName, img: null, type: actorType, system: {}, items: [] },
      editable: true,
      editMode: false,
      tabs: BASE_TABS,
      activeTab: "notes",
      itemTypes: rulesetItemTypes,
      effects: [
        {
          id: "e1",
          name: "Jedi battle meditation",
          img: null,
          disabled: false,
          changes: [{ key: "system.bonuses.attribute.perception", type: "add", value: "3" }],
        },
        {
          id: "e2",
          name: "Оглушён",
          img: "icons/svg/daze.svg",
          disabled: true,
          changes: [{ key: "system.bonuses.attack", type: "add", value: "-3" }],
        },
        {
          id: "e3",
          name: "Targeting scope",
          img: null,
          disabled: false,
          itemId: "item0a",
          itemName: "Heavy blaster pistol",
          transfer: true,
          changes: [{ key: "system.bonuses.attack", type: "add", value: "2" }],
        },
        {
          id: "e4",
          name: "Overcharged cell",
          img: null,
          disabled: false,
          itemId: "item0a",
          itemName: "Heavy blaster pistol",
          transfer: false,
          changes: [],
        },
      ],
    }) as unknown as Record<string, unknown>,
    width: 680,
    height: 720,
    classes: ["omnibus", "sheet", "actor", `omnibus-${ruleset}`],
  },
  // The Effects section with the timers the table keeps (durations.ts): a stun taken in round 3
  // (this round and the next, 000:L405) seen in round 4, one round left; a bacta tank for four
  // days (000:L533) a day and an hour in, three days left; the rows come from the sheet's own
  // effectRowInput with the flags d6/timers.ts writes and the names it localizes.
  bilingual((language) => {
    const t = new Localizer(language, true);
    const flag = (kind: string, length: unknown, start: Record<string, unknown>) => ({
      omnibus: { timer: { ruleset: "d6", kind, length, start } },
    });
    const now: TimerNow = { round: 4, turn: 1, turnsPerRound: 3, time: 86400 + 3600, combat: "c1" };
    const actor = {
      effects: [
        {
          id: "t1",
          name: t.localize("OMNIBUS.D6.Timer.Stun"),
          img: "icons/svg/daze.svg",
          disabled: false,
          changes: [],
          flags: flag("stun", stunLength(), { round: 3, turn: 2, time: 86000, combat: "c1" }),
        },
        {
          id: "t2",
          name: t.localize("OMNIBUS.D6.Timer.Bacta"),
          img: "icons/svg/regen.svg",
          disabled: false,
          changes: [],
          flags: flag("bacta", bactaLength(4, "days"), { round: null, turn: null, time: 0 }),
        },
        {
          id: "t3",
          name: language === "ru" ? "Боевая медитация джедая" : "Jedi battle meditation",
          img: null,
          disabled: false,
          changes: [{ key: "system.bonuses.attribute.perception", type: "add", value: "3" }],
        },
      ],
      items: [],
    };
    return {
      name: "shared-actor-sheet-effects-timers",
      template: ACTOR_PARTS,
      context: actorSheetContext({
        ruleset,
        actor: { id: "actor4", name: actorName, img: null, type: actorType, system: {}, items: [] },
        editable: true,
        editMode: false,
        tabs: BASE_TABS,
        activeTab: "notes",
        itemTypes: rulesetItemTypes,
        effects: effectRowInput(actor, now),
      }) as unknown as Record<string, unknown>,
      width: 680,
      height: 720,
      classes: ["omnibus", "sheet", "actor", `omnibus-${ruleset}`],
    };
  }),
  {
    // A roll dialog listing the effects that count in this roll.
    name: "shared-roll-dialog-effects",
    title: request.title,
    template: [T("dialog/roll-dialog"), T("dialog/roll-odds")],
    context: rollDialogContext(
      {
        ...request,
        effects: {
          effects: [
            { name: "Jedi battle meditation", disabled: false, changes: [{ key: "system.bonuses.attack", type: "add", value: "3" }] },
            { name: "Прицел", disabled: false, changes: [{ key: "system.bonuses.attack", type: "add", value: "2" }] },
            { name: "Оглушён", disabled: false, changes: [{ key: "system.bonuses.attack", type: "subtract", value: "1" }] },
          ],
          keys: ["system.bonuses.attack"],
          unit: "pips",
        },
      },
      {},
      () => [{ label: "OMNIBUS.RollDialog.Odds", probability: 0.62, primary: true }],
      "publicroll",
      ROLL_MODES,
    ) as unknown as Record<string, unknown>,
    width: 420,
    height: "auto",
    classes: ["omnibus", "omnibus-roll-dialog"],
  },
  {
    name: "shared-choose-ruleset",
    template: T("dialog/choose-ruleset"),
    context: chooseRulesetContext("d6"),
    width: 400, // DialogV2's default width
    height: "auto",
    classes: ["omnibus", "omnibus-choose-ruleset"],
  },
  {
    name: "shared-award-experience",
    template: T("dialog/award-experience"),
    context: {
      ...awardDialogContext(
        [
          { id: "a1", name: "Rhea", type: "d6_character", hasPlayerOwner: true },
          {
            id: "a2",
            name: "Тралл Йевоун, контрабандист с очень длинным именем",
            img: "icons/svg/mystery-man.svg",
            type: "d6_character",
            hasPlayerOwner: true,
          },
          { id: "a3", name: "Stormtrooper", type: "d6_npc" },
          { id: "a4", name: "Perdita", type: "wfrp_character", hasPlayerOwner: true },
        ],
        "d6",
      ),
      amount: 5,
      reason: "Session 3: the Kessel run",
    },
    width: 400,
    height: "auto",
    classes: ["omnibus", "omnibus-award-dialog"],
  },
  ...creationSamples(),
  {
    name: "shared-party-d6",
    template: T("shared/party"),
    context: {
      ...partyContext("d6", ["m1", "m2", "gone"], (id) => PARTY_MEMBERS[id] ?? null, { isGM: true, editable: true, awardMode: "split" }),
      actor: { id: "p1", name: "Rogue Squadron", img: "icons/svg/combat.svg" },
    },
    width: 620,
    height: "auto",
    classes: ["omnibus", "sheet", "actor", "omnibus-party"],
  },
  ...(["en", "ru"] as const).map((reader) => ({
    name: `shared-posted-item-${reader}-reader`,
    template: T("chat/item-card"),
    context: contextForReader(postedItem, reader) as unknown as Record<string, unknown>,
    width: 300,
    height: 800,
    frame: "chat" as const,
  })),
  {
    name: "shared-posted-item-world",
    template: T("chat/item-card"),
    context: { ...postedWorldItem } as unknown as Record<string, unknown>,
    width: 300,
    height: 800,
    frame: "chat",
  },
  ...(["en", "ru"] as const).flatMap((language) => {
    const t = new Localizer(language, true);
    const link = (raw: string, label?: string) =>
      checkLinkContext(raw, parseCheckLink(raw, label), (key, data) => t.format(key, data ?? {}));
    return [
      {
        name: `shared-check-link-${language}`,
        context: link("skill=blaster difficulty=15", language === "ru" ? "Выстрелить из бластера" : "Shoot the blaster"),
      },
      { name: `shared-check-link-default-${language}`, context: link("attribute=dexterity") },
      { name: `shared-check-link-error-${language}`, context: link('skill="blaster difficulty=15') },
    ].map((sample) => ({ ...sample, template: T("chat/check-link"), width: 300, height: 200, frame: "chat" as const }));
  }),
  // A roll request as the GM sees it after one of three has rolled (roll-requests.ts requestRoll, bindRollRequest).
  ...(["en", "ru"] as const).map((language) => {
    const t = new Localizer(language, true);
    const actors =
      language === "ru"
        ? [{ name: "Тэннік" }, { name: "Ріа" }, { name: "Ґрім" }]
        : [{ name: "Thannik" }, { name: "Rhea" }, { name: "Grim" }];
    return {
      name: `shared-request-card-${language}`,
      template: [T("chat/check-card"), T("chat/request-results")],
      context: {
        title: t.format("OMNIBUS.Request.Title", { kind: language === "ru" ? "навык" : "skill" }),
        subtitle: t.localize("OMNIBUS.Request.Subtitle"),
        lines: [valueLine("difficulty", "15")],
        buttons: actors.map((a, i) => ({
          action: "rollRequested",
          label: "OMNIBUS.Request.Roll",
          text: t.format("OMNIBUS.Request.Roll", { name: a.name }),
          data: { target: String(i) },
        })),
        ...requestResultsContext(actors, { "1": { success: true, total: 17 } }, true),
      } as Record<string, unknown>,
      width: 300,
      height: 800,
      frame: "chat" as const,
    };
  }),
  {
    name: "shared-check-card",
    template: T("chat/check-card"),
    context: card as unknown as Record<string, unknown>,
    width: 300,
    height: 800,
    frame: "chat",
  },
  // The rules-options menu (issue 19), as src/foundry/settings-menu.ts prepares it for a GM: D6 with
  // options changed from their defaults and one changed in the form, not saved yet; WFRP with a
  // number option between its samples.
  ...(
    [
      [
        "d6",
        D6_SETTINGS_MENU,
        D6_SETTINGS,
        { wildOne: "normal", difficultyPick: "lowest", hideDifficulty: true },
        { difficultyPick: "highest" },
      ],
      ["wfrp", WFRP_SETTINGS_MENU, WFRP_SETTINGS, { autoFailMin: 99, fastSL: true }, {}],
    ] as Array<[string, SettingsMenuTable, SettingSpec[], Record<string, unknown>, Record<string, unknown>]>
  ).map(([id, table, specs, stored, form]) =>
    bilingual((language) => ({
      name: `shared-settings-menu-${id}`,
      template: T("dialog/settings-menu"),
      context: settingsMenuView(table, specs, { ...stored, ...form }, true, stored) as unknown as Record<string, unknown>,
      title: new Localizer(language, true).localize(table.title),
      width: 640,
      height: 720,
      classes: ["omnibus", "omnibus-settings-menu"],
    })),
  ),
];
